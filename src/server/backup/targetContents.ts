import { listTables } from './catalog';
import { BackupError } from './format';
import { ident, queryRows, type Executor } from './sqlRows';

/** A migrated database always holds radio_state's one row: it is not data of anyone's. */
const SEEDED_BY_MIGRATIONS = new Set(['radio_state']);

/** The tables of the target that hold rows (besides what migrations put in). */
export async function tablesWithRows(executor: Executor): Promise<string[]> {
  const names: string[] = [];
  for (const table of await listTables(executor)) {
    if (SEEDED_BY_MIGRATIONS.has(table.table)) continue;
    const [row] = await queryRows<{ found: boolean }>(executor, `select exists (select 1 from ${ident(table.table)}) as found`);
    if (row.found) names.push(table.table);
  }
  return names;
}

/** Refuses a target that holds data unless told to empty it (--force). */
export async function checkTargetEmpty(executor: Executor, force: boolean, what: string): Promise<void> {
  const filled = await tablesWithRows(executor);
  if (filled.length === 0 || force) return;
  const shown = filled.slice(0, 5).join(', ') + (filled.length > 5 ? `, and ${filled.length - 5} more` : '');
  throw new BackupError(`${what} is not empty (rows in ${shown}): restore only into an empty database, or pass --force to empty it first`);
}

/** Drops every table, function and extension of the app and drizzle's record of migrations. */
export async function emptyDatabase(executor: Executor): Promise<void> {
  await queryRows(executor, 'drop schema if exists drizzle cascade');
  await queryRows(executor, 'drop schema if exists public cascade');
  await queryRows(executor, 'create schema public');
}
