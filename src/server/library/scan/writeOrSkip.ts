import type { Db } from '../../db/open';
import { isRefusedValue, refusedFileReason } from './scanErrors';
import type { ScanCounters, SkippedFile } from './types';
import { writeTracks, type TrackWrite } from './writeBatch';

export interface WriteReport {
  counters: ScanCounters;
  skipped: SkippedFile[];
  /** where the refused statement (SQL and parameters) is logged; never shown to the admin */
  log?: { warn(details: object, message: string): void };
}

/**
 * Phase 5 for one batch: one transaction, as writeTracks does. When the database refuses a value the
 * cleaning did not foresee, the batch is split in halves and each half written again, down to the
 * single file, so that file is skipped with its reason while every other file of the batch is written
 * (issue 27, item 1; docs/product.md §5.7). One bad file in 500 costs about 18 transactions, not 500.
 */
export async function writeOrSkip(db: Db, batch: TrackWrite[], report: WriteReport): Promise<number> {
  if (!batch.length) return 0;
  try {
    return await writeTracks(db, batch);
  } catch (error) {
    if (!isRefusedValue(error)) throw error;
    if (batch.length === 1) return skip(batch[0], error, report);
  }
  const half = Math.ceil(batch.length / 2);
  return (await writeOrSkip(db, batch.slice(0, half), report)) + (await writeOrSkip(db, batch.slice(half), report));
}

function skip(write: TrackWrite, error: unknown, { counters, skipped, log }: WriteReport): number {
  const { path } = write.track.file;
  log?.warn({ err: error, file: path }, 'library scan skipped a file the database refused');
  skipped.push({ path, reason: refusedFileReason(error), failed: true });
  counters.failed += 1;
  if (write.kind) counters[write.kind] -= 1;
  return 0;
}
