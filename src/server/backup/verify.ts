import type { Database } from '../db/database';
import { listTables } from './catalog';
import { BackupError, type TableEnd } from './format';
import { setTextSettings } from './sqlRows';
import { streamTableRows } from './tableRows';

export interface TableCheck {
  table: string;
  expectedRows: number;
  rows: number;
  /** the ordered hash of the rows' text forms matched */
  same: boolean;
}

/**
 * Compares a database with what a backup holds, table by table: the row count, and the SHA-256 of
 * every row's values in primary-key order, computed here the way the backup computed it at the
 * source. Throws naming every table that differs.
 */
export async function verifyAgainstBackup(database: Database, expected: TableEnd[]): Promise<TableCheck[]> {
  const checks = await database.db.transaction(
    async (tx) => {
      await setTextSettings(tx);
      const tables = await listTables(tx);
      const byName = new Map(expected.map((t) => [t.end, t]));
      const found: TableCheck[] = [];
      for (const table of tables) {
        const { rows, sha256 } = await streamTableRows(tx, table, () => undefined);
        const want = byName.get(table.table);
        found.push({ table: table.table, expectedRows: want?.rows ?? -1, rows, same: want?.rows === rows && want.sha256 === sha256 });
        byName.delete(table.table);
      }
      for (const missing of byName.values()) found.push({ table: missing.end, expectedRows: missing.rows, rows: -1, same: false });
      return found;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const differing = checks.filter((c) => !c.same);
  if (differing.length) {
    const described = differing.map((c) =>
      c.rows < 0
        ? `${c.table} (missing)`
        : c.expectedRows < 0
          ? `${c.table} (not in the source)`
          : `${c.table} (${c.rows} rows, ${c.expectedRows} expected${c.rows === c.expectedRows ? ', values differ' : ''})`,
    );
    throw new BackupError(`verification failed: ${described.join('; ')}`);
  }
  return checks;
}
