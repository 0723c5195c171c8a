import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rowsOf';

/** Something that runs SQL: the database or a transaction of it (drizzle's execute, on either driver). */
export type Executor = Pick<Db, 'execute'>;

/** The rows of a query as objects, on both drivers (node-postgres and PGlite both answer `rows`). */
export async function queryRows<T>(executor: Executor, query: string | SQL): Promise<T[]> {
  return rowsOf<T>(await executor.execute(typeof query === 'string' ? sql.raw(query) : query));
}

/** "name" quoted as an SQL identifier. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Settings that fix the text form of values, so both engines write (and hash) the same text. */
export async function setTextSettings(executor: Executor): Promise<void> {
  await executor.execute(sql.raw(`set local timezone = 'UTC'`));
  await executor.execute(sql.raw(`set local datestyle = 'ISO, YMD'`));
  await executor.execute(sql.raw(`set local bytea_output = 'hex'`));
  await executor.execute(sql.raw(`set local extra_float_digits = 1`));
  await executor.execute(sql.raw(`set local intervalstyle = 'postgres'`));
}
