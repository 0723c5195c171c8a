import { z } from 'zod';
import type { Song } from './songs';

export const PLAYLIST_NAME_MAX = 100;
export const PLAYLIST_DESCRIPTION_MAX = 500;
export const PLAYLIST_LIST_MAX = 500;

export const PLAYLIST_MESSAGES = {
  nameRequired: 'Playlist name is required',
  notFound: 'Playlist not found',
  songNotFound: 'Song not found',
  coverType: 'Cover image must be a JPEG, PNG or WebP image',
  coverTooLarge: 'Cover image is too large. Maximum size is 2MB.',
  created: 'Playlist created',
  updated: 'Playlist updated',
  deleted: 'Playlist deleted',
} as const;

/** A playlist in a list: what a card shows, counted in the same query as the list. */
export interface PlaylistSummary {
  id: string;
  name: string;
  description: string;
  /** URL of the cover image (cacheable, changes when the cover changes), or null */
  coverImage: string | null;
  trackCount: number;
  /** seconds */
  totalDuration: number;
  createdAt: string;
  updatedAt: string;
}

export interface PlaylistEntry {
  id: string;
  songId: string;
  position: number;
  addedAt: string;
  song: Song;
}

/** SPEC §3 Playlist: with its songs in order. */
export interface PlaylistDetail extends PlaylistSummary {
  songs: PlaylistEntry[];
}

const name = z
  .string({ error: PLAYLIST_MESSAGES.nameRequired })
  .trim()
  .min(1, PLAYLIST_MESSAGES.nameRequired)
  .max(PLAYLIST_NAME_MAX, `Playlist name must be at most ${PLAYLIST_NAME_MAX} characters`);
const description = z
  .string()
  .trim()
  .max(PLAYLIST_DESCRIPTION_MAX, `Description must be at most ${PLAYLIST_DESCRIPTION_MAX} characters`);

export const CreatePlaylistBody = z.object({ name, description: description.optional().default('') });
export type CreatePlaylistBody = z.infer<typeof CreatePlaylistBody>;

export const UpdatePlaylistBody = z.object({ name: name.optional(), description: description.optional() });
export type UpdatePlaylistBody = z.infer<typeof UpdatePlaylistBody>;

export const PlaylistIdParams = z.object({ id: z.uuid(PLAYLIST_MESSAGES.notFound) });
export const PlaylistSongParams = z.object({ id: z.uuid(PLAYLIST_MESSAGES.notFound), songId: z.uuid(PLAYLIST_MESSAGES.songNotFound) });
export const AddPlaylistSongBody = z.object({ songId: z.uuid(PLAYLIST_MESSAGES.songNotFound) });

export const PlaylistListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PLAYLIST_LIST_MAX).default(PLAYLIST_LIST_MAX),
  offset: z.coerce.number().int().min(0).default(0),
});

export interface PlaylistsResponse {
  success: true;
  playlists: PlaylistSummary[];
  total: number;
}
export interface PlaylistResponse {
  success: true;
  playlist: PlaylistDetail;
  message?: string;
}
export interface PlaylistSongChangeResponse {
  success: true;
  /** false when nothing changed (the song was already there, or already gone) */
  changed: boolean;
}
