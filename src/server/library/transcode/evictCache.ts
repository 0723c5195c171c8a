import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Removes the oldest finished files of the cache folder (by atime, which a hit sets) until
 * the folder holds at most `maxBytes`; `keep` (the file just made or served) is never removed.
 * Answers the bytes left.
 */
export async function evictCache(dir: string, maxBytes: number, keep: string): Promise<number> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.flac'));
  const files = [];
  for (const name of names) {
    const full = path.join(dir, name);
    try {
      const info = await stat(full);
      files.push({ full, size: info.size, usedMs: info.atimeMs });
    } catch {
      // removed by another request meanwhile
    }
  }
  let total = files.reduce((sum, f) => sum + f.size, 0);
  files.sort((a, b) => a.usedMs - b.usedMs);
  for (const file of files) {
    if (total <= maxBytes) break;
    if (file.full === keep) continue;
    await rm(file.full, { force: true });
    total -= file.size;
  }
  return total;
}

/** `.part` files no running ffmpeg can still be writing (a crash or a kill left them): removed once per process. */
export async function removeStaleParts(dir: string, olderThanMs: number): Promise<void> {
  const now = Date.now();
  for (const name of (await readdir(dir)).filter((n) => n.endsWith('.part'))) {
    const full = path.join(dir, name);
    const info = await stat(full).catch(() => null);
    if (info && now - info.mtimeMs > olderThanMs) await rm(full, { force: true });
  }
}
