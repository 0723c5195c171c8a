import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describeBytes, describeContents } from '../../backup/describe';
import { BackupError } from '../../backup/format';
import { backupDatabase, type BackupResult } from '../../backup/writeBackup';
import { CliError, type CliCommand } from '../command';

/** `backup <file>`: a consistent backup of the database, while the server runs or not (docs/backup.md). */
export const command: CliCommand = {
  name: 'backup',
  summary: 'write a consistent backup of the database to a file (the server may keep running)',
  usage: 'backup <file>',
  async run(context) {
    const [given, ...rest] = context.args;
    if (!given || rest.length > 0 || given.startsWith('--')) throw new CliError('usage: backup <file>', 2);
    const file = path.resolve(given);
    const dir = path.dirname(file);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new CliError(`the folder ${dir} does not exist`);
    if (existsSync(file) && statSync(file).isDirectory()) throw new CliError(`${file} is a folder: name the backup file`);
    const result = await context.withTarget(async (target): Promise<BackupResult> => {
      try {
        if (target.kind === 'server') return (await target.call('backup', { file })) as BackupResult;
        return await backupDatabase(target.database, file);
      } catch (error) {
        if (error instanceof BackupError) throw new CliError(error.message);
        throw error;
      }
    });
    context.output.out(`backup written to ${result.file}: ${describeContents(result)}, ${describeBytes(result.bytes)}`);
    context.output.err('keep the server secret with it (JWT_SECRET, or DATA_DIR/jwt-secret): Subsonic app passwords are encrypted under it');
    return 0;
  },
};
