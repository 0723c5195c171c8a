import type { PlaylistResponse, PlaylistSongChangeResponse, PlaylistsResponse } from '../../../contract/playlists';
import { baseApi } from '../../api/baseApi';

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
      invalidatesTags: (_r, _e, { playlistId }) => [LIST, { type: 'Playlist', id: playlistId }],
    }),
  }),
});

export const {
  useGetPlaylistsQuery,
  useGetPlaylistQuery,
  useCreatePlaylistMutation,
  useUpdatePlaylistMutation,
  useDeletePlaylistMutation,
  useAddSongToPlaylistMutation,
  useRemoveSongFromPlaylistMutation,
} = playlistsApi;

/** The message of a failed call (the transport's {status, message}), or a fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : fallback;
}
