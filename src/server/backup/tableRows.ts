import { createHash } from 'node:crypto';
import { rowLinesQuery } from './catalog';
import type { TableStart } from './format';
import { queryRows, type Executor } from './sqlRows';

/** Rows fetched per round trip: on the embedded database the session is taken for each fetch. */
const FETCH_ROWS = 2000;

/**
 * Streams a table's row lines through a cursor (never the whole table in memory), handing each
 * batch to onLines, and answers the count and the SHA-256 of the lines, each followed by a newline.
 * Runs inside the caller's transaction.
 */
export async function streamTableRows(
  executor: Executor,
  table: TableStart,
  onLines: (lines: string[]) => Promise<void> | void,
): Promise<{ rows: number; sha256: string }> {
  const hash = createHash('sha256');
  let rows = 0;
  await queryRows(executor, `declare wl_backup_rows no scroll cursor for ${rowLinesQuery(table)}`);
  for (;;) {
    const batch = await queryRows<{ line: string }>(executor, `fetch forward ${FETCH_ROWS} from wl_backup_rows`);
    const lines = batch.map((r) => r.line);
    for (const line of lines) hash.update(`${line}\n`);
    rows += lines.length;
    if (lines.length) await onLines(lines);
    if (lines.length < FETCH_ROWS) break;
  }
  await queryRows(executor, 'close wl_backup_rows');
  return { rows, sha256: hash.digest('hex') };
}
