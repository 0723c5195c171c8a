import { existsSync } from 'node:fs';
import { processRuns } from '../lib/processRuns';
import { readServerRecord, runPaths, socketPathFits } from '../startup/admin/runFiles';
import { CliError, type CliTarget } from './command';
import { callControlSocket, ControlUnreachable } from './controlClient';

/** How long the first ask may take before a server that holds the socket counts as not answering. */
const PING_TIMEOUT_MS = 5_000;

/**
 * The running server that holds the embedded database in dataDir, reached over its control socket
 * (docs/cli.md), or null when none runs. Files a killed server left (its process gone, nothing
 * listening) are ignored; a live server that does not answer is an error, since opening the
 * database beside it would corrupt it.
 */
export async function findRunningServer(dataDir: string): Promise<Extract<CliTarget, { kind: 'server' }> | null> {
  const paths = runPaths(dataDir);
  const record = readServerRecord(paths.serverFile);
  if (!record && !existsSync(paths.socketPath)) return null;
  const socketPath = record?.socket ?? paths.socketPath;
  try {
    await callControlSocket(socketPath, 'ping', {}, PING_TIMEOUT_MS);
  } catch (error) {
    if (!(error instanceof ControlUnreachable)) throw error;
    if (error.code === 'EACCES') throw new CliError(`no permission to use ${socketPath}: run the command as the user the server runs as`);
    if (record && processRuns(record.pid) && !socketPathFits(socketPath)) {
      throw new CliError(
        `a server (pid ${record.pid}) holds the database in ${dataDir}; its control socket's path is too long, so stop it to run admin commands (or shorten DATA_DIR)`,
      );
    }
    if (record && processRuns(record.pid)) {
      throw new CliError(
        `a server (pid ${record.pid}) holds the database in ${dataDir} but does not answer on ${socketPath} (${error.code}); ` +
          `wait for it to finish starting, or stop it, then run the command again (if no server runs, remove ${paths.serverFile})`,
      );
    }
    return null;
  }
  return { kind: 'server', call: (operation, params) => callControlSocket(socketPath, operation, params) };
}
