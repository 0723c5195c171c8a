import type { Database } from '../db/database';
import { appVersion } from './appVersion';
import { listSequences, listTables } from './catalog';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupError, type BackupHeader, type BackupSummary, type SequenceValue, type TableEnd } from './format';
import { GzipLineWriter } from './lineFile';
import { readMigrationLevel } from './migrationLevel';
import { ident, queryRows, setTextSettings, type Executor } from './sqlRows';
import { streamTableRows } from './tableRows';

export interface BackupOptions {
  /** called once the transaction's snapshot is taken: writes committed before it are in the backup */
  onSnapshot?: () => void;
}

export interface BackupResult extends BackupSummary {
  file: string;
  bytes: number;
}

/**
 * Writes the whole database to `file` from ONE repeatable-read, read-only transaction, so the
 * backup is one consistent moment while the server goes on taking writes. On PostgreSQL writers
 * never wait; the embedded database has one session, so its writers wait while each batch of rows
 * is read (docs/decisions/backup.md).
 */
export async function backupDatabase(database: Database, file: string, options: BackupOptions = {}): Promise<BackupResult> {
  const writer = new GzipLineWriter(file);
  try {
    const summary = await database.db.transaction(async (tx) => writeAll(tx, database.kind, writer, options), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    const bytes = await writer.finish();
    return { ...summary, file, bytes };
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

async function writeAll(tx: Executor, engine: Database['kind'], writer: GzipLineWriter, options: BackupOptions): Promise<BackupSummary> {
  await setTextSettings(tx);
  // the snapshot is taken at the transaction's first query
  const migrations = await readMigrationLevel(tx);
  options.onSnapshot?.();
  if (migrations.count === 0) throw new BackupError('the database has no migrations table: it is not a Wavelength database');
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_FORMAT_VERSION,
    app: appVersion(),
    engine,
    created: new Date().toISOString(),
    migrations,
  };
  await writer.write([JSON.stringify(header)]);
  const tables: TableEnd[] = [];
  for (const table of await listTables(tx)) {
    await writer.write([JSON.stringify(table)]);
    const { rows, sha256 } = await streamTableRows(tx, table, (lines) => writer.write(lines));
    const end: TableEnd = { end: table.table, rows, sha256 };
    await writer.write([JSON.stringify(end)]);
    tables.push(end);
  }
  const sequences = await readSequences(tx);
  await writer.write([JSON.stringify({ sequences }), JSON.stringify({ end: 'backup', tables: tables.length })]);
  return { header, tables, sequences };
}

async function readSequences(tx: Executor): Promise<SequenceValue[]> {
  const values: SequenceValue[] = [];
  for (const name of await listSequences(tx)) {
    const [row] = await queryRows<{ value: string; called: boolean }>(tx, `select last_value::text as value, is_called as called from ${ident(name)}`);
    values.push({ name, value: row.value, called: row.called });
  }
  return values;
}
