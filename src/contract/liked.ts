import { z } from 'zod';
import { Id, IsoTime } from './common';
import { MESSAGES } from './messages';
import { Song } from './songs';

const LIKED_PAGE_MAX = 1000;

/** docs/product.md §3 "Liked entry". */
export const LikedEntry = z.object({ id: Id, createdAt: IsoTime, song: Song });
export type LikedEntry = z.infer<typeof LikedEntry>;

export const SongIdParams = z.object({ id: z.uuid(MESSAGES.songNotFound) });

export const LikedListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LIKED_PAGE_MAX).default(500),
  offset: z.coerce.number().int().min(0).default(0),
});

export const LikedSongsResponse = z.object({
  success: z.literal(true),
  songs: z.array(LikedEntry),
  /** how many songs the user likes in all */
  total: z.number(),
});
export type LikedSongsResponse = z.infer<typeof LikedSongsResponse>;

/** POST /liked-songs/:id/toggle and GET /liked-songs/:id/check */
export const LikedStateResponse = z.object({ success: z.literal(true), liked: z.boolean() });
export type LikeToggleResponse = z.infer<typeof LikedStateResponse>;

export const LikedIdsResponse = z.object({ success: z.literal(true), songIds: z.array(Id) });
export type LikedIdsResponse = z.infer<typeof LikedIdsResponse>;
