import { z } from 'zod';
import type { Song } from './songs';

export const LIKED_PAGE_MAX = 1000;

/** SPEC §3 "Liked entry". */
export interface LikedEntry {
  id: string;
  createdAt: string;
  song: Song;
}

export const SongIdParams = z.object({ id: z.uuid('Song not found') });

export const LikedListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LIKED_PAGE_MAX).default(500),
  offset: z.coerce.number().int().min(0).default(0),
});

export interface LikedSongsResponse {
  success: true;
  songs: LikedEntry[];
  /** how many songs the user likes in all */
  total: number;
}
export interface LikeToggleResponse {
  success: true;
  liked: boolean;
}
export interface LikeCheckResponse {
  success: true;
  liked: boolean;
}
export interface LikedIdsResponse {
  success: true;
  songIds: string[];
}
