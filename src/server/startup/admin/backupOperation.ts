import path from 'node:path';
import { backupDatabase } from '../../backup/writeBackup';
import type { AdminOperation } from './operation';

/**
 * `wavelength backup <file>` while the server holds the embedded database: the server writes the
 * backup itself, from one read-only snapshot, while it goes on serving (docs/backup.md). The file
 * is a path on this machine, given absolute by the command line.
 */
export const backupOperation: AdminOperation = {
  name: 'backup',
  async run({ database }, params) {
    const file = params.file;
    if (typeof file !== 'string' || !path.isAbsolute(file)) throw new Error('backup: file must be an absolute path');
    return backupDatabase(database, file);
  },
};
