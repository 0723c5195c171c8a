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

/** Not part of an extension (pg_trgm's functions stay, and the extension with them). */
const OWN = `not exists (select 1 from pg_depend d where d.objid = o.oid and d.deptype = 'e')`;

/**
 * Drops the app's tables, sequences, views, functions and types in schema public, and drizzle's
 * record of migrations, object by object: the schema itself and its extensions stay, so a database
 * user that owns the app's objects but not schema public (PostgreSQL 15's default) can restore.
 */
export async function emptyDatabase(executor: Executor): Promise<void> {
  await queryRows(executor, 'drop schema if exists drizzle cascade');
  const statements = await queryRows<{ statement: string }>(
    executor,
    `select format('drop %s if exists %I cascade', case o.relkind when 'S' then 'sequence' when 'v' then 'view' when 'm' then 'materialized view' else 'table' end, o.relname) as statement
       from pg_class o join pg_namespace n on n.oid = o.relnamespace
      where n.nspname = 'public' and o.relkind in ('r', 'p', 'S', 'v', 'm') and ${OWN}
     union all
     select format('drop function if exists %s cascade', o.oid::regprocedure) from pg_proc o join pg_namespace n on n.oid = o.pronamespace
      where n.nspname = 'public' and ${OWN}
     union all
     select format('drop type if exists %I cascade', o.typname) from pg_type o join pg_namespace n on n.oid = o.typnamespace
      where n.nspname = 'public' and o.typtype in ('e', 'd') and ${OWN}`,
  );
  for (const { statement } of statements) await queryRows(executor, statement);
}
