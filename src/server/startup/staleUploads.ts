import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { uploadTempDir } from '../library/mediaDir';
import { namesIn } from '../lib/namesIn';

/**
 * A .part file not written to for this long belongs to an upload whose process died (kill -9,
 * power loss). MEDIA_DIR may be shared by several instances, so a fresh part may be another
 * instance's upload in progress: only idle ones go (a live upload touches its file with every chunk).
 */
export const STALE_PART_AGE_MS = 60 * 60 * 1000;

/** Removes MEDIA_DIR/tmp/*.part files untouched for olderThanMs; answers how many went. */
export async function removeStaleUploadParts(mediaDir: string, olderThanMs = STALE_PART_AGE_MS, now = Date.now()): Promise<number> {
  const dir = uploadTempDir(mediaDir);
  const names = await namesIn(dir);
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.part')) continue;
    const file = path.join(dir, name);
    try {
      const info = await stat(file);
      if (!info.isFile() || now - info.mtimeMs < olderThanMs) continue;
      await rm(file, { force: true });
      removed += 1;
    } catch (error) {
      // another instance removed it first
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return removed;
}
