import { ident, queryRows, type Executor } from './sqlRows';

/**
 * The indexes a restore drops before loading and builds again after: every index of schema public
 * that no constraint owns (primary keys, and what foreign keys point at, stay). Building an index
 * once over the loaded rows is much faster than growing it row by row: the trigram index of song
 * search made the embedded restore of 30,000 songs take 9 s (docs/decisions/backup.md).
 */
export async function dropSecondaryIndexes(executor: Executor): Promise<string[]> {
  const indexes = await queryRows<{ name: string; definition: string }>(
    executor,
    `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not i.indisprimary
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by c.relname`,
  );
  for (const index of indexes) await queryRows(executor, `drop index ${ident(index.name)}`);
  return indexes.map((i) => i.definition);
}

/** Builds them again (a unique one fails here if the rows break it, and the restore is rolled back). */
export async function createIndexes(executor: Executor, definitions: string[]): Promise<void> {
  for (const definition of definitions) await queryRows(executor, definition);
}
