import { z } from 'zod';
import { SONGS_PAGE_SIZE } from './limits';

/** SPEC §3 Song, as the API sends it. */
export interface Song {
  id: string;
  title: string;
  artist: string;
  /** seconds */
  duration: number;
  /** file name inside the media folder */
  path: string;
  /** a signed stream URL (?st=) the audio element can play directly */
  publicUrl: string;
  createdAt: string;
}

export const SongsQuery = z.object({
  search: z.string().trim().max(200).optional(),
  /** seconds */
  minDuration: z.coerce.number().int().min(0).optional(),
  maxDuration: z.coerce.number().int().min(0).optional(),
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

export interface SongsResponse {
  success: true;
  songs: Song[];
  /** pass as cursor for the next page; null on the last page */
  nextCursor: string | null;
}
