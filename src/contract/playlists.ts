import { z } from 'zod';
import { Id, IsoTime } from './common';
import { MESSAGES } from './messages';
import { Song } from './songs';

const PLAYLIST_NAME_MAX = 100;
const PLAYLIST_DESCRIPTION_MAX = 500;
const PLAYLIST_LIST_MAX = 500;
/** the most songs a reorder names: far above any real playlist, a bound on the request */
const PLAYLIST_ORDER_MAX = 10_000;

export const PLAYLIST_MESSAGES = {
  nameRequired: 'Playlist name is required',
  notFound: MESSAGES.playlistNotFound,
  songNotFound: MESSAGES.songNotFound,
  coverType: 'Cover image must be a JPEG, PNG or WebP image',
  coverTooLarge: 'Cover image is too large. Maximum size is 2MB.',
  created: 'Playlist created',
  updated: 'Playlist updated',
  deleted: 'Playlist deleted',
  orderMismatch: "The new order must list each of the playlist's songs exactly once",
} as const;

/** A playlist in a list: what a card shows, counted in the same query as the list. */
export const PlaylistSummary = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  /** URL of the cover image (cacheable, changes when the cover changes), or null */
  coverImage: z.string().nullable(),
  trackCount: z.number(),
  /** seconds */
  totalDuration: z.number(),
  createdAt: IsoTime,
  updatedAt: IsoTime,
});
export type PlaylistSummary = z.infer<typeof PlaylistSummary>;

export const PlaylistEntry = z.object({ id: Id, songId: Id, position: z.number(), addedAt: IsoTime, song: Song });
export type PlaylistEntry = z.infer<typeof PlaylistEntry>;

/** docs/product.md §3 Playlist: with its songs in order. */
export const PlaylistDetail = PlaylistSummary.extend({ songs: z.array(PlaylistEntry) });
export type PlaylistDetail = z.infer<typeof PlaylistDetail>;

const name = z
  .string({ error: PLAYLIST_MESSAGES.nameRequired })
  .trim()
  .min(1, PLAYLIST_MESSAGES.nameRequired)
  .max(PLAYLIST_NAME_MAX, `Playlist name must be at most ${PLAYLIST_NAME_MAX} characters`);
const description = z.string().trim().max(PLAYLIST_DESCRIPTION_MAX, `Description must be at most ${PLAYLIST_DESCRIPTION_MAX} characters`);

export const CreatePlaylistBody = z.object({ name, description: description.optional().default('') });
export type CreatePlaylistBody = z.infer<typeof CreatePlaylistBody>;

export const UpdatePlaylistBody = z.object({ name: name.optional(), description: description.optional() });
export type UpdatePlaylistBody = z.infer<typeof UpdatePlaylistBody>;

export const PlaylistIdParams = z.object({ id: z.uuid(PLAYLIST_MESSAGES.notFound) });
export const PlaylistSongParams = z.object({ id: z.uuid(PLAYLIST_MESSAGES.notFound), songId: z.uuid(PLAYLIST_MESSAGES.songNotFound) });
export const AddPlaylistSongBody = z.object({
  songId: z.uuid(PLAYLIST_MESSAGES.songNotFound),
  /** where the song goes, counted from 0 in the playlist's order (Undo of a removal puts it back); at the end when left out or past it */
  index: z.number().int().min(0).optional(),
});
export type AddPlaylistSongBody = z.infer<typeof AddPlaylistSongBody>;

/** The playlist's songs in their new order: every song of the playlist, each once. */
export const PlaylistOrderBody = z.object({
  songIds: z.array(z.uuid(PLAYLIST_MESSAGES.orderMismatch)).max(PLAYLIST_ORDER_MAX, PLAYLIST_MESSAGES.orderMismatch),
});
export type PlaylistOrderBody = z.infer<typeof PlaylistOrderBody>;

export const PlaylistListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PLAYLIST_LIST_MAX).default(PLAYLIST_LIST_MAX),
  offset: z.coerce.number().int().min(0).default(0),
});

export const PlaylistsResponse = z.object({ success: z.literal(true), playlists: z.array(PlaylistSummary), total: z.number() });
export type PlaylistsResponse = z.infer<typeof PlaylistsResponse>;

export const PlaylistResponse = z.object({ success: z.literal(true), playlist: PlaylistDetail, message: z.string().optional() });
export type PlaylistResponse = z.infer<typeof PlaylistResponse>;

export const PlaylistSongChangeResponse = z.object({
  success: z.literal(true),
  /** false when nothing changed (the song was already there, or already gone) */
  changed: z.boolean(),
});
export type PlaylistSongChangeResponse = z.infer<typeof PlaylistSongChangeResponse>;

/** The cover's capability key (?k=): see GET /playlists/:id/cover. */
export const PlaylistCoverQuery = z.object({ k: z.string().max(200).optional() });
