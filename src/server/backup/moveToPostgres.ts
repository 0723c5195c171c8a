import { rm } from 'node:fs/promises';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open';
import { BackupError, type BackupSummary } from './format';
import { localMigrations } from './migrationLevel';
import { restoreBackup } from './restore';
import { countDecryptableAppPasswords, redactUrl } from './serverSecret';
import { checkTargetEmpty } from './targetContents';
import { verifyAgainstBackup, type TableCheck } from './verify';

export interface MoveOptions {
  /** writes a backup of the embedded database to the file, answering what it holds */
  backup(file: string): Promise<BackupSummary>;
  /** a file for that backup, removed afterwards */
  tempFile: string;
  url: string;
  force: boolean;
  /** the server's secret, to check the app passwords still decrypt; null when none is found */
  secret: string | null;
  /** opens the PostgreSQL database (tests pass their own) */
  open?: (url: string) => Promise<Database>;
}

export interface MoveResult {
  backup: BackupSummary;
  checks: TableCheck[];
  appPasswords: { total: number; decrypted: number } | null;
}

async function openTarget(url: string): Promise<Database> {
  try {
    return await openDatabase({ databaseUrl: url, poolSize: 2, log: () => undefined });
  } catch (error) {
    throw new BackupError(`cannot connect to PostgreSQL at ${redactUrl(url)}: ${(error as Error).message}`);
  }
}

/**
 * Copies the embedded database into PostgreSQL: a consistent backup of it (taken by the running
 * server, or from the database directly), restored into the PostgreSQL database (empty, or emptied
 * with force), then compared table by table with what was backed up (counts, and a hash of every
 * row in key order), and the app passwords tried under the server's secret.
 */
export async function moveToPostgres(options: MoveOptions): Promise<MoveResult> {
  const target = await (options.open ?? openTarget)(options.url);
  const targetName = `the PostgreSQL database ${redactUrl(options.url)}`;
  try {
    // refused before the backup is made, not after
    await checkTargetEmpty(target.db, options.force, targetName);
    const backup = await options.backup(options.tempFile);
    const level = backup.header.migrations.count;
    if (level !== localMigrations().length) {
      throw new BackupError(
        `the embedded database is at migration level ${level}, this build at ${localMigrations().length}: start the server once with this version, then move`,
      );
    }
    await restoreBackup(target, options.tempFile, { force: options.force, targetName });
    const checks = await verifyAgainstBackup(target, backup.tables);
    const appPasswords = options.secret === null ? null : await countDecryptableAppPasswords(target.db, options.secret);
    return { backup, checks, appPasswords };
  } finally {
    await target.close().catch(() => undefined);
    await rm(options.tempFile, { force: true });
  }
}
