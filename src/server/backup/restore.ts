import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { listSequences, listTables } from './catalog';
import { BackupError, type BackupSummary, type SequenceValue, type TableStart } from './format';
import { createIndexes, dropSecondaryIndexes } from './deferredIndexes';
import { checkKnownLevel, localMigrations, migrateBetween } from './migrationLevel';
import { readBackup, readBackupHeader } from './readBackup';
import { ident, queryRows, setTextSettings, type Executor } from './sqlRows';
import { checkTargetEmpty, emptyDatabase } from './targetContents';

export interface RestoreOptions {
  /** empty a target that holds data first */
  force?: boolean;
  /** names the target in errors: "the database", "the PostgreSQL database" */
  targetName?: string;
}

export interface RestoreResult extends BackupSummary {
  /** the migration level reached after the backup's rows were in: this build's newest */
  migratedTo: number;
}

/**
 * Restores a backup into an empty database (or one emptied first, with force), all in one
 * transaction, so a bad file changes nothing: the schema is built up to the backup's migration
 * level, the rows go in table by table in foreign-key order (batched multi-row inserts, ids as they
 * were), the sequences are set, then the schema is migrated up to this build's, so a backup from an
 * older version restores into a newer one.
 */
export async function restoreBackup(database: Database, file: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  const header = await readBackupHeader(file);
  const migrations = localMigrations();
  checkKnownLevel(header.migrations, migrations);
  await checkTargetEmpty(database.db, options.force ?? false, options.targetName ?? 'the target database');
  return database.db.transaction(async (tx) => {
    await setTextSettings(tx);
    await emptyDatabase(tx);
    await migrateBetween(tx, 0, header.migrations.count, migrations);
    const targetTables = new Map((await listTables(tx)).map((t) => [t.table, t]));
    for (const table of [...targetTables.values()].reverse()) await queryRows(tx, `delete from ${ident(table.table)}`);
    const indexes = await dropSecondaryIndexes(tx);
    const summary = await readBackup(file, {
      table: (table) => checkTable(table, targetTables),
      rows: (table, lines) => insertRows(tx, targetTables.get(table.table)!, lines),
      sequences: (sequences) => setSequences(tx, sequences),
    });
    const missing = [...targetTables.keys()].filter((name) => !summary.tables.some((t) => t.end === name));
    if (missing.length) throw new BackupError(`the backup lacks tables its migration level has (${missing.join(', ')}): the file was altered`);
    await createIndexes(tx, indexes);
    await migrateBetween(tx, header.migrations.count, migrations.length, migrations);
    return { ...summary, migratedTo: migrations.length };
  });
}

/** The backup's table must be the target's at the same level: same columns, same types. */
function checkTable(table: TableStart, targetTables: Map<string, TableStart>): void {
  const target = targetTables.get(table.table);
  const shape = (t: TableStart) => t.columns.map((c) => `${c.name} ${c.type}`).join(', ');
  if (!target) throw new BackupError(`the backup holds a table ${JSON.stringify(table.table)} that its migration level does not have: the file was altered`);
  if (shape(target) !== shape(table))
    throw new BackupError(`the backup's table ${table.table} has other columns than its migration level makes: the file was altered`);
}

/** One multi-row insert: the lines go in as one JSON parameter; each text form is cast back by the target's own column types. */
export async function insertRows(tx: Executor, table: TableStart, lines: string[]): Promise<void> {
  const columns = table.columns.map((c) => ident(c.name)).join(', ');
  const values = table.columns.map((c, i) => `(r->>${i})::${c.type}`).join(', ');
  const head = `insert into ${ident(table.table)} (${columns}) select ${values} from json_array_elements(`;
  try {
    await tx.execute(sql`${sql.raw(head)}${`[${lines.join(',')}]`}::json) as r`);
  } catch (error) {
    throw new BackupError(`could not restore the rows of ${table.table}: ${(error as Error).message}`);
  }
}

async function setSequences(tx: Executor, sequences: SequenceValue[]): Promise<void> {
  const known = new Set(await listSequences(tx));
  for (const s of sequences) {
    if (!known.has(s.name)) throw new BackupError(`the backup sets a sequence ${JSON.stringify(s.name)} its migration level does not have`);
    await tx.execute(sql`select setval(${ident(s.name)}, ${s.value}::bigint, ${s.called})`);
  }
}
