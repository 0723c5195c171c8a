import { z } from 'zod';
import { IsoTime } from './common';

/** docs/product.md §5.7: the counters of a library scan, live while it runs. */
export const ScanCounters = z.object({
  filesSeen: z.number().int(),
  added: z.number().int(),
  changed: z.number().int(),
  moved: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int(),
  /** files that look like audio but could not be read, and empty files */
  failed: z.number().int(),
  tagsRead: z.number().int(),
  rowsWritten: z.number().int(),
});
export type ScanCounters = z.infer<typeof ScanCounters>;

export const SkippedFile = z.object({ path: z.string(), reason: z.string() });

export const ScanResult = z.object({
  startedAt: IsoTime,
  finishedAt: IsoTime,
  /** 'failed' when the scan itself stopped (the database went away, the server closed) */
  outcome: z.enum(['completed', 'failed']),
  error: z.string().nullable(),
  counters: ScanCounters,
  /** at most SKIPPED_LIST_MAX entries; skippedTotal counts them all */
  skipped: z.array(SkippedFile),
  skippedTotal: z.number().int(),
});
export type ScanResult = z.infer<typeof ScanResult>;

export const SKIPPED_LIST_MAX = 1000;

/** GET /api/library/scan */
export const ScanStatusResponse = z.object({
  success: z.literal(true),
  /** MUSIC_DIR is set */
  configured: z.boolean(),
  running: z.boolean(),
  /** the running scan's counters; null when none runs */
  progress: ScanCounters.nullable(),
  lastResult: ScanResult.nullable(),
});
export type ScanStatusResponse = z.infer<typeof ScanStatusResponse>;

/** POST /api/library/scan (202) */
export const ScanStartedResponse = z.object({ success: z.literal(true), started: z.literal(true) });

/** docs/product.md §5.7: a song whose file a scan found gone or unreadable, hidden until it is back. */
export const MissingSong = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string(),
  album: z.string().nullable(),
  /** the file's path inside its MUSIC_DIR root */
  path: z.string(),
  missingSince: IsoTime,
});
export type MissingSong = z.infer<typeof MissingSong>;

/** GET /api/library/missing (admins) */
export const MissingSongsResponse = z.object({ success: z.literal(true), songs: z.array(MissingSong), total: z.number().int() });
export type MissingSongsResponse = z.infer<typeof MissingSongsResponse>;

/** DELETE /api/library/missing (admins): the missing songs deleted with their likes and playlist entries */
export const PurgeMissingResponse = z.object({ success: z.literal(true), purged: z.number().int() });
export type PurgeMissingResponse = z.infer<typeof PurgeMissingResponse>;

export const MISSING_LIST_MAX = 1000;
