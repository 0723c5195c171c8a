import { connect } from 'node:net';
import { readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ownerGone } from '../lib/processRuns';

/** A folder an older release named without its process id is left alone this long after its last change. */
const UNNAMED_GRACE_MS = 60_000;

/** Whether a unix socket accepts a connection now. */
function socketAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function stillUsed(folder: string): Promise<boolean> {
  const sockets = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.startsWith('.s.PGSQL.'));
  for (const name of sockets) if (await socketAnswers(path.join(folder, name))) return true;
  const info = await stat(folder).catch(() => null);
  return info !== null && Date.now() - info.mtimeMs < UNNAMED_GRACE_MS;
}

/**
 * Removes the `wavelength-db-<pid>-*` socket folders (db/pgliteThread.ts) that a killed server
 * left in the temp folder: those of a process that has ended, or of this one before it opens its
 * database. A folder without a process id (an older release) goes when no socket in it answers.
 * Answers how many went.
 */
export async function removeDeadDatabaseSockets(tmpDir = os.tmpdir()): Promise<number> {
  let removed = 0;
  for (const name of (await readdir(tmpDir).catch(() => [] as string[])).filter((n) => n.startsWith('wavelength-db-'))) {
    const folder = path.join(tmpDir, name);
    const owner = /^wavelength-db-(\d+)-/.exec(name);
    const dead = owner ? ownerGone(Number(owner[1])) : !(await stillUsed(folder));
    if (!dead) continue;
    await rm(folder, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
