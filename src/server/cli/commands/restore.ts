import { existsSync } from 'node:fs';
import path from 'node:path';
import { describeContents } from '../../backup/describe';
import { BackupError } from '../../backup/format';
import { restoreBackup } from '../../backup/restore';
import { CliError, type CliCommand } from '../command';

export const SERVER_RUNNING =
  'the server is running and holds the embedded database: stop it first (a restore replaces everything the server serves), then run restore again';

/** `restore <file> [--force]`: into an empty database only, unless --force (docs/backup.md). */
export const command: CliCommand = {
  name: 'restore',
  summary: 'restore a backup into an empty database (--force empties a database that holds data)',
  usage: 'restore <file> [--force]',
  async run(context) {
    const force = context.args.includes('--force');
    const rest = context.args.filter((a) => a !== '--force');
    if (rest.length !== 1 || rest[0].startsWith('--')) throw new CliError('usage: restore <file> [--force]', 2);
    const file = path.resolve(rest[0]);
    if (!existsSync(file)) throw new CliError(`${file} does not exist`);
    const result = await context.withTarget(async (target) => {
      if (target.kind === 'server') throw new CliError(SERVER_RUNNING);
      try {
        return await restoreBackup(target.database, file, { force });
      } catch (error) {
        if (error instanceof BackupError) throw new CliError(error.message);
        throw error;
      }
    });
    context.output.out(`restored ${file}: ${describeContents(result)}, migrated up to level ${result.migratedTo}`);
    return 0;
  },
};
