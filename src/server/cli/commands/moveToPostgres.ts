import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { BackupError, type BackupSummary } from '../../backup/format';
import { describeContents } from '../../backup/describe';
import { moveToPostgres, type MoveResult } from '../../backup/moveToPostgres';
import { readServerSecret, redactUrl } from '../../backup/serverSecret';
import { backupDatabase } from '../../backup/writeBackup';
import { CliError, type CliCommand, type CliContext, type CliTarget } from '../command';

const USAGE = 'move-to-postgres <postgres-url> [--force]';

function backupFrom(target: CliTarget): (file: string) => Promise<BackupSummary> {
  if (target.kind === 'server') return async (file) => (await target.call('backup', { file })) as BackupSummary;
  if (target.database.kind !== 'pglite') throw new CliError('this server already uses PostgreSQL (DATABASE_URL is set): there is nothing to move');
  return (file) => backupDatabase(target.database, file);
}

function report(context: CliContext, url: string, result: MoveResult): void {
  const { out, err } = context.output;
  out(`copied to ${redactUrl(url)}: ${describeContents(result.backup)}`);
  out(`verified: ${result.checks.length} tables, each with the same row count and the same rows (hash of every row in key order)`);
  const passwords = result.appPasswords;
  if (passwords === null) err('no server secret found (JWT_SECRET or DATA_DIR/jwt-secret): Subsonic app passwords were not checked');
  else if (passwords.decrypted < passwords.total) {
    err(
      `${passwords.total - passwords.decrypted} of ${passwords.total} Subsonic app passwords do not decrypt under this secret: run the server with the secret they were set under`,
    );
  } else out(`Subsonic app passwords: ${passwords.total} decrypt under the server's secret`);
  out(`next: stop the server, set DATABASE_URL=${redactUrl(url)} (keep JWT_SECRET or DATA_DIR/jwt-secret as they are), start it again`);
}

/** `move-to-postgres <url> [--force]`: the embedded database copied into PostgreSQL and verified (docs/backup.md). */
export const command: CliCommand = {
  name: 'move-to-postgres',
  summary: 'copy the embedded database into an empty PostgreSQL database and verify the copy',
  usage: USAGE,
  async run(context) {
    const force = context.args.includes('--force');
    const rest = context.args.filter((a) => a !== '--force');
    if (rest.length !== 1 || !/^postgres(ql)?:\/\//.test(rest[0])) throw new CliError(`usage: ${USAGE}`, 2);
    const url = rest[0];
    if (context.env.DATABASE_URL) throw new CliError('DATABASE_URL is set: this server already uses PostgreSQL; unset it to move the embedded database');
    const dataDir = path.resolve(context.env.DATA_DIR || './data');
    const tempFile = path.join(dataDir, `move-to-postgres-${randomBytes(6).toString('hex')}.wlbackup`);
    const result = await context.withTarget(async (target) => {
      try {
        return await moveToPostgres({ backup: backupFrom(target), tempFile, url, force, secret: readServerSecret(context.env) });
      } catch (error) {
        if (error instanceof BackupError) throw new CliError(error.message);
        throw error;
      }
    });
    report(context, url, result);
    return 0;
  },
};
