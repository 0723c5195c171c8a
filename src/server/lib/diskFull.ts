import { chainMatches } from './errorChain';

/**
 * Errors that mean "the server's disk is full": the file system's ENOSPC (no space) or EDQUOT (quota
 * reached), and the database's disk_full (SQLSTATE 53100, PostgreSQL and PGlite alike, e.g. "could
 * not extend file"). They answer 507 (docs/product.md §8.1), never a generic 500.
 */

// ENOSPC, EDQUOT: the file system; 53100 disk_full (53000 insufficient_resources is not the disk)
const CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);
const MESSAGES = ['no space left on device', 'could not extend file', 'disk quota exceeded'];

/** How long a disk-full error keeps /api/health saying so. */
export const DISK_FULL_REPORT_MS = 60_000;

export function isDiskFull(error: unknown): boolean {
  return chainMatches(error, CODES, MESSAGES);
}

/** When this app last failed a write for a full disk, so /api/health can tell (per app, not per module). */
export class DiskFullRecord {
  private lastFullAt: number | null = null;

  constructor(private readonly now: () => number) {}

  record(): void {
    this.lastFullAt = this.now();
  }

  /** true while the last disk-full error is under DISK_FULL_REPORT_MS old */
  get recentlyFull(): boolean {
    return this.lastFullAt !== null && this.now() - this.lastFullAt < DISK_FULL_REPORT_MS;
  }
}
