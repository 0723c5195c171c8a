import type { Database } from '../../db/database';
import { listTables } from '../catalog';
import { ident, queryRows } from '../sqlRows';

/**
 * Each table's rows as PostgreSQL prints whole records, sorted, with their count: a comparison that
 * does not go through the backup's own code, so it can catch what that code gets wrong.
 */
export async function tableFingerprints(database: Database): Promise<Record<string, { rows: number; md5: string }>> {
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const table of await listTables(database.db)) {
    const [row] = await queryRows<{ rows: number; md5: string }>(
      database.db,
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text collate "C"), '')) as md5 from ${ident(table.table)} t`,
    );
    out[table.table] = row;
  }
  return out;
}
