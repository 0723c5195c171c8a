import { z } from 'zod';
import { Id } from './common';

/** One line of lyrics: `startMs` is when it is sung (ms from the track's start, before the offset), absent for plain text. */
export const LyricsLine = z.object({ startMs: z.number().int().min(0).optional(), text: z.string() });
export type LyricsLine = z.infer<typeof LyricsLine>;

/**
 * docs/product.md §2.15 and §5.8: one set of lyrics of a song, in one language. `offsetMs` is the
 * file's own [offset:] (positive: every line shows that much sooner), kept as the file gives it, so
 * a line shows at startMs - offsetMs.
 */
export const LyricsTrack = z.object({
  /** ISO 639-2 code as the file gives it; "xxx" when it does not say */
  lang: z.string(),
  synced: z.boolean(),
  offsetMs: z.number().int(),
  lines: z.array(LyricsLine),
});
export type LyricsTrack = z.infer<typeof LyricsTrack>;

/** GET /songs/:id/lyrics: every set the song has, synced ones first; an empty list when it has none. */
export const SongLyricsResponse = z.object({ success: z.literal(true), songId: Id, lyrics: z.array(LyricsTrack) });
export type SongLyricsResponse = z.infer<typeof SongLyricsResponse>;

export { lineShowsAtMs } from './lyricsTiming';
