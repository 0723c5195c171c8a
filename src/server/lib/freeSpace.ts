import { statfs as realStatfs } from 'node:fs/promises';

/**
 * Below this many free bytes /api/health says `disk: 'low'` (docs/product.md §8.1): room for one
 * upload at the default MAX_UPLOAD_MB (200, its part file is written whole before it is moved) and a
 * few of the database's 16 MB WAL segments. A fixed size, not a share of the disk: 1% of a 4 TB
 * disk (40 GB) is plenty, 1% of a 16 GB SD card (160 MB) is not one upload.
 */
export const LOW_DISK_FREE_BYTES = 256 * 1024 * 1024;

/** How long one look at the free space serves /api/health, so a health check every second stays one select. */
export const FREE_SPACE_CACHE_MS = 5_000;

/** fs.promises.statfs, or a test's stand-in: blocks free to an unprivileged user, and their size. */
export type StatFs = (dir: string) => Promise<{ bavail: number | bigint; bsize: number | bigint }>;

/**
 * Answers the fewest free bytes among `dirs` (DATA_DIR and MEDIA_DIR), looked at most once every
 * `cacheMs`; null when no folder answers (not made yet, or statfs unsupported): health then says
 * nothing of the disk rather than fail.
 */
export function freeSpaceCheck(dirs: string[], deps: { statfs?: StatFs; now?: () => number; cacheMs?: number } = {}): () => Promise<number | null> {
  const statfs = deps.statfs ?? realStatfs;
  const now = deps.now ?? Date.now;
  const cacheMs = deps.cacheMs ?? FREE_SPACE_CACHE_MS;
  const unique = [...new Set(dirs)];
  let cached: { at: number; free: Promise<number | null> } | null = null;

  const look = async (): Promise<number | null> => {
    const free = await Promise.all(
      unique.map((dir) =>
        statfs(dir).then(
          (s) => Number(s.bavail) * Number(s.bsize),
          () => null,
        ),
      ),
    );
    const known = free.filter((n): n is number => n !== null);
    return known.length ? Math.min(...known) : null;
  };

  return () => {
    const at = now();
    if (!cached || at - cached.at >= cacheMs) cached = { at, free: look() };
    return cached.free;
  };
}
