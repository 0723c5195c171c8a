import { sql } from 'drizzle-orm';
import type { Database } from '../../db/open';

/** Every public table's rows, each as JSON, sorted: what a comparison of "nothing lost" reads. */
export type Snapshot = Map<string, { columns: string[]; rows: Record<string, unknown>[] }>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function snapshot(database: Database): Promise<Snapshot> {
  const tables = rowsOf<{ table_name: string }>(
    await database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  );
  const result: Snapshot = new Map();
  for (const { table_name: table } of tables) {
    const columns = rowsOf<{ column_name: string }>(
      await database.db.execute(sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table} order by 1`),
    ).map((c) => c.column_name);
    const rows = rowsOf<Record<string, unknown>>(await database.db.execute(sql.raw(`select * from "${table}"`)));
    result.set(table, { columns, rows });
  }
  return result;
}

/** The rows of a table reduced to some columns, as sorted JSON lines: equal lists mean the same rows. */
export function project(rows: Record<string, unknown>[], columns: string[]): string[] {
  return rows.map((row) => JSON.stringify(columns.map((c) => row[c]))).sort();
}

/** Back to an empty database (no table, no migration recorded), so one database serves every level. */
export async function emptyDatabase(database: Database): Promise<void> {
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`drop schema public cascade`);
  await database.db.execute(sql`create schema public`);
}
