import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/open';
import { foldText } from '../../../lib/text';
import { rowsOf } from '../../../db/rowsOf';

export interface NamedId {
  id: string;
  name: string;
}

/**
 * Artist ids by name, in one query: songs name their artists as text, and artist rows are keyed
 * by the folded name (library/scan/writeBatch.ts). The map's keys are the names lower-cased.
 */
export async function artistIdsByName(db: Db, names: readonly string[]): Promise<Map<string, string>> {
  const byFolded = new Map<string, string[]>();
  for (const name of new Set(names)) {
    const folded = foldText(name);
    byFolded.set(folded, [...(byFolded.get(folded) ?? []), name]);
  }
  if (byFolded.size === 0) return new Map();
  const keys = [...byFolded.keys()];
  const result = await db.execute(sql`select id, sort_key from artists where sort_key = any(${`{${keys.map(quoteArrayItem).join(',')}}`}::text[])`);
  const ids = new Map<string, string>();
  for (const row of rowsOf<{ id: string; sort_key: string }>(result)) {
    for (const name of byFolded.get(row.sort_key) ?? []) ids.set(name.toLowerCase(), row.id);
  }
  return ids;
}

/** A PostgreSQL array literal item: quoted, with quotes and backslashes escaped. */
function quoteArrayItem(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
