import type { PlaylistEntry, PlaylistResponse, PlaylistSongChangeResponse, PlaylistsResponse } from '../../../contract/playlists';
import { baseApi } from '../../api/baseApi';
import { inSongOrder, withSongAt, withoutSong } from './reorder';

export interface PlaylistFormValues {
  name: string;
  description: string;
  /** a new cover image, sent as multipart */
  coverImage?: File | null;
}

/** JSON when there is no file, multipart (docs/product.md §7) when a cover goes along. */
function playlistBody({ name, description, coverImage }: PlaylistFormValues): FormData | { name: string; description: string } {
  if (!coverImage) return { name, description };
  const form = new FormData();
  form.append('name', name);
  form.append('description', description);
  form.append('coverImage', coverImage);
  return form;
}

const LIST = { type: 'Playlist' as const, id: 'LIST' };

export const playlistsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPlaylists: build.query<PlaylistsResponse, void>({
      query: () => '/playlists',
      providesTags: (result) => [LIST, ...(result?.playlists ?? []).map((p) => ({ type: 'Playlist' as const, id: p.id }))],
    }),
    getPlaylist: build.query<PlaylistResponse, string>({
      query: (id) => `/playlists/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Playlist', id }],
    }),
    createPlaylist: build.mutation<PlaylistResponse, PlaylistFormValues>({
      query: (values) => ({ url: '/playlists', method: 'POST', body: playlistBody(values) }),
      invalidatesTags: [LIST, 'Profile'],
    }),
    updatePlaylist: build.mutation<PlaylistResponse, PlaylistFormValues & { id: string }>({
      query: ({ id, ...values }) => ({ url: `/playlists/${id}`, method: 'PUT', body: playlistBody(values) }),
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: 'Playlist', id }],
    }),
    deletePlaylist: build.mutation<{ success: true }, string>({
      query: (id) => ({ url: `/playlists/${id}`, method: 'DELETE' }),
      invalidatesTags: [LIST, 'Profile'],
    }),
    addSongToPlaylist: build.mutation<PlaylistSongChangeResponse, { playlistId: string; songId: string }>({
      query: ({ playlistId, songId }) => ({ url: `/playlists/${playlistId}/songs`, method: 'POST', body: { songId } }),
      invalidatesTags: (_r, _e, { playlistId }) => [LIST, { type: 'Playlist', id: playlistId }],
    }),
    removeSongFromPlaylist: build.mutation<PlaylistSongChangeResponse, { playlistId: string; songId: string }>({
      query: ({ playlistId, songId }) => ({ url: `/playlists/${playlistId}/songs/${songId}`, method: 'DELETE' }),
      onQueryStarted: ({ playlistId, songId }, api) => optimistic(api, playlistId, (p) => withoutSong(p, songId)),
      invalidatesTags: (_r, _e, { playlistId }) => [LIST, { type: 'Playlist', id: playlistId }],
    }),
    /** Undo of a removal: the entry goes back at `index`, on screen at once and on the server. */
    restoreSongToPlaylist: build.mutation<PlaylistSongChangeResponse, { playlistId: string; entry: PlaylistEntry; index: number }>({
      query: ({ playlistId, entry, index }) => ({ url: `/playlists/${playlistId}/songs`, method: 'POST', body: { songId: entry.songId, index } }),
      onQueryStarted: ({ playlistId, entry, index }, api) => optimistic(api, playlistId, (p) => withSongAt(p, entry, index)),
      invalidatesTags: (_r, _e, { playlistId }) => [LIST, { type: 'Playlist', id: playlistId }],
    }),
    /** The whole new order (docs/api/playlists.md); shown at once, rolled back and refetched if the server refuses it. */
    reorderPlaylistSongs: build.mutation<PlaylistResponse, { playlistId: string; songIds: string[] }>({
      query: ({ playlistId, songIds }) => ({ url: `/playlists/${playlistId}/order`, method: 'PUT', body: { songIds } }),
      onQueryStarted: ({ playlistId, songIds }, api) => optimistic(api, playlistId, (p) => ({ ...p, songs: inSongOrder(p.songs, songIds) })),
    }),
  }),
});

type Lifecycle = { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<unknown> };

/**
 * Shows a change to a playlist's page before the server answers; on failure takes it back and
 * refetches the playlist, as other changes may have been in flight meanwhile.
 */
async function optimistic(
  { dispatch, queryFulfilled }: Lifecycle,
  playlistId: string,
  change: (p: PlaylistResponse['playlist']) => PlaylistResponse['playlist'],
) {
  const patch = dispatch(
    playlistsApi.util.updateQueryData('getPlaylist', playlistId, (draft) => {
      draft.playlist = change(draft.playlist);
    }),
  ) as { undo: () => void };
  try {
    await queryFulfilled;
  } catch {
    patch.undo();
    dispatch(playlistsApi.util.invalidateTags([{ type: 'Playlist', id: playlistId }]));
  }
}

export const {
  useGetPlaylistsQuery,
  useGetPlaylistQuery,
  useCreatePlaylistMutation,
  useUpdatePlaylistMutation,
  useDeletePlaylistMutation,
  useAddSongToPlaylistMutation,
  useRemoveSongFromPlaylistMutation,
  useRestoreSongToPlaylistMutation,
  useReorderPlaylistSongsMutation,
} = playlistsApi;

/** The message of a failed call (the transport's {status, message}), or a fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : fallback;
}
