import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { processRuns } from '../../lib/processRuns';
import { namesIn } from '../../lib/namesIn';

/** A file of the cache folder: a finished copy (`.flac`) or one being written (`.part`). */
interface CacheFile {
  full: string;
  size: number;
  usedMs: number;
  finished: boolean;
}

async function cacheFiles(dir: string): Promise<CacheFile[]> {
  const files: CacheFile[] = [];
  for (const name of await readdir(dir)) {
    const finished = name.endsWith('.flac');
    if (!finished && !name.endsWith('.part')) continue;
    const full = path.join(dir, name);
    try {
      const info = await stat(full);
      files.push({ full, size: info.size, usedMs: info.atimeMs, finished });
    } catch {
      // removed by another request meanwhile
    }
  }
  return files;
}

/**
 * Removes the oldest finished copies of the cache folder (by atime, which a hit sets) until the
 * folder, copies being written included, holds at most `maxBytes`. A file `kept` answers true for
 * (one being served) is never removed; `remove` does the removing, so the cache can tell its
 * requests a file is going. Answers the bytes left.
 */
export async function evictCache(
  dir: string,
  maxBytes: number,
  kept: (file: string) => boolean,
  remove: (file: string) => Promise<void> = (file) => rm(file, { force: true }),
): Promise<number> {
  const files = await cacheFiles(dir);
  let total = files.reduce((sum, f) => sum + f.size, 0);
  files.sort((a, b) => a.usedMs - b.usedMs);
  for (const file of files) {
    if (total <= maxBytes) break;
    if (!file.finished || kept(file.full)) continue;
    await remove(file.full);
    total -= file.size;
  }
  return total;
}

/** The process id a part's name carries (`<copy>.flac.<pid>-<uuid>.part`), or null for a name without one. */
export function partOwner(name: string): number | null {
  const match = /\.(\d+)-[0-9a-f-]+\.part$/.exec(name);
  return match ? Number(match[1]) : null;
}

/**
 * Removes, at once and whatever their age, the `.part` files no running ffmpeg of a live server
 * writes: those of a dead process, of no named process, or of this process but not `writing`
 * (a server killed and started again may get the same id, as pid 1 in a container). Answers how many went.
 */
export async function removeDeadParts(dir: string, writing: (file: string) => boolean): Promise<number> {
  const names = await namesIn(dir);
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.part'))) {
    const full = path.join(dir, name);
    const owner = partOwner(name);
    const alive = owner !== null && (owner === process.pid ? writing(full) : processRuns(owner));
    if (alive) continue;
    await rm(full, { force: true });
    removed += 1;
  }
  return removed;
}
