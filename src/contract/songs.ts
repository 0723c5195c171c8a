import { z } from 'zod';
import { Id, IsoTime } from './common';
import { MESSAGES } from './messages';
import { SONGS_PAGE_SIZE } from './limits';

/** docs/product.md §2.14: a song's ReplayGain tags, which the player levels loudness with. */
export const ReplayGain = z.object({
  trackGain: z.number().nullable(),
  trackPeak: z.number().nullable(),
  albumGain: z.number().nullable(),
  albumPeak: z.number().nullable(),
});
export type ReplayGain = z.infer<typeof ReplayGain>;

/** docs/product.md §3 Song, as the API sends it. */
export const Song = z.object({
  id: Id,
  title: z.string(),
  artist: z.string(),
  /** whole seconds (the real length is read from the file) */
  duration: z.number(),
  /** file name inside the media folder */
  path: z.string(),
  /** /api/songs/stream/<id>: carries no token; the stream cookie of the session (or a Bearer header) authenticates it */
  publicUrl: z.string(),
  createdAt: IsoTime,
  // Library fields (docs/product.md §3): optional in the type so clients built before them still compile.
  album: z.string().nullable().optional(),
  albumId: Id.nullable().optional(),
  albumArtist: z.string().nullable().optional(),
  /** every artist, in tag order; `artist` stays the display string */
  artists: z.array(z.string()).optional(),
  trackNumber: z.number().int().nullable().optional(),
  discNumber: z.number().int().nullable().optional(),
  year: z.number().int().nullable().optional(),
  genres: z.array(z.string()).optional(),
  codec: z.string().nullable().optional(),
  /** bits per second */
  bitRate: z.number().int().nullable().optional(),
  /** false for a file the browser cannot play and the server cannot transcode; unplayableReason says why */
  playable: z.boolean().optional(),
  unplayableReason: z.string().nullable().optional(),
  /** `/api/artwork/<hash>` (contract/artwork.ts) of the song's picture or its album's; null when there is none */
  artworkUrl: z.string().nullable().optional(),
  /** the file's ReplayGain tags (gains in dB, peaks as a ratio of full scale); absent or null fields were not tagged */
  replayGain: ReplayGain.optional(),
});
export type Song = z.infer<typeof Song>;

/** the duration filters, in seconds, stay within what duration_ms (a 32-bit count of milliseconds) can hold */
export const DURATION_FILTER_MAX_SECONDS = 2_000_000;
const durationTooLong = `Durations are in seconds, at most ${DURATION_FILTER_MAX_SECONDS}`;

export const SongsQuery = z.object({
  search: z.string().trim().max(200).optional(),
  /** seconds */
  minDuration: z.coerce.number().int().min(0).max(DURATION_FILTER_MAX_SECONDS, durationTooLong).optional(),
  maxDuration: z.coerce.number().int().min(0).max(DURATION_FILTER_MAX_SECONDS, durationTooLong).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(SONGS_PAGE_SIZE),
  cursor: z.string().max(500).optional(),
});
/** What a client sends; the server coerces and bounds it with the schema above. */
export interface SongsQueryParams {
  search?: string;
  minDuration?: number;
  maxDuration?: number;
  limit?: number;
  cursor?: string;
}

export const SongsResponse = z.object({
  success: z.literal(true),
  songs: z.array(Song),
  /** pass as cursor for the next page; null on the last page */
  nextCursor: z.string().nullable(),
});
export type SongsResponse = z.infer<typeof SongsResponse>;

export const SongResponse = z.object({ success: z.literal(true), song: Song });
export type SongResponse = z.infer<typeof SongResponse>;

/** GET /api/songs/:id and /api/songs/stream/:id */
export const SongIdParams = z.object({ id: z.uuid(MESSAGES.notFound) });

/**
 * docs/product.md §2.17: a smaller copy to keep on a device, MP3 at this many kbps (32-320) when the
 * file is above it; without it, the file as stored.
 */
export const SongStreamQuery = z.object({ maxBitRate: z.coerce.number().int().min(32).max(320).optional() });

export const SONG_FIELD_MAX = 200;

/** The text fields of POST /api/songs/upload (multipart: song, title, artist): optional overrides of the file's tags; blank means "use the tag". */
const uploadOverride = (name: string) =>
  z
    .string()
    .trim()
    .max(SONG_FIELD_MAX, `${name} must be at most ${SONG_FIELD_MAX} characters`)
    .transform((value) => value || undefined)
    .optional();
export const UploadFields = z.object({ title: uploadOverride('Title'), artist: uploadOverride('Artist') });
export type UploadFields = z.infer<typeof UploadFields>;

/** GET /api/songs/upload: the upload's limits in force, so the browser refuses an oversized file before sending it (docs/product.md §5.4). */
export const UploadLimitsResponse = z.object({
  success: z.literal(true),
  /** MAX_UPLOAD_MB in bytes */
  maxUploadBytes: z.number().int().positive(),
});
export type UploadLimitsResponse = z.infer<typeof UploadLimitsResponse>;
