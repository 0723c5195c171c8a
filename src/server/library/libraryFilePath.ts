import { realpath } from 'node:fs/promises';
import { isInside } from './scan/classify';

/**
 * The real path of a scanned song's file, or null unless it lies inside one of the MUSIC_DIR
 * roots (links resolved on both sides): a path from the database never escapes the roots.
 */
export async function libraryFilePath(roots: string[], filePath: string): Promise<string | null> {
  let real: string;
  try {
    real = await realpath(filePath);
  } catch {
    return null;
  }
  for (const root of roots) {
    const realRoot = await realpath(root).catch(() => null);
    if (realRoot && isInside(realRoot, real)) return real;
  }
  return null;
}
