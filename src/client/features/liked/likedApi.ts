import type { LikedIdsResponse, LikedSongsResponse, LikeToggleResponse } from '../../../contract/liked';
import { MESSAGES } from '../../../contract/messages';
import { baseApi } from '../../api/baseApi';
import { toastShown } from '../../ui/toast/toastSlice';

/**
 * Likes. The one source of truth for "is this song liked" is the cache of GET /liked-songs/ids:
 * a toggle patches it at once (optimistic), and undoes the patch with a toast if the call fails.
 */
export const likedApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLikedSongs: build.query<LikedSongsResponse, void>({
      query: () => '/liked-songs',
      providesTags: [{ type: 'Liked', id: 'LIST' }],
    }),
    getLikedIds: build.query<LikedIdsResponse, void>({
      query: () => '/liked-songs/ids',
      providesTags: [{ type: 'Liked', id: 'IDS' }],
    }),
    toggleLike: build.mutation<LikeToggleResponse, { songId: string }>({
      query: ({ songId }) => ({ url: `/liked-songs/${songId}/toggle`, method: 'POST' }),
      async onQueryStarted({ songId }, { dispatch, queryFulfilled, getState }) {
        const ids = likedApi.endpoints.getLikedIds.select()(getState() as never).data?.songIds ?? [];
        const willLike = !ids.includes(songId);
        const patchIds = dispatch(
          likedApi.util.updateQueryData('getLikedIds', undefined, (draft) => {
            draft.songIds = willLike ? [songId, ...draft.songIds.filter((id) => id !== songId)] : draft.songIds.filter((id) => id !== songId);
          }),
        );
        const patchList = willLike
          ? null
          : dispatch(
              likedApi.util.updateQueryData('getLikedSongs', undefined, (draft) => {
                draft.songs = draft.songs.filter((entry) => entry.song.id !== songId);
                draft.total = draft.songs.length;
              }),
            );
        try {
          const { data } = await queryFulfilled;
          if (data.liked !== willLike) {
            // the server knew better (another tab toggled too): follow it
            dispatch(
              likedApi.util.updateQueryData('getLikedIds', undefined, (draft) => {
                draft.songIds = data.liked ? [songId, ...draft.songIds.filter((id) => id !== songId)] : draft.songIds.filter((id) => id !== songId);
              }),
            );
          }
          dispatch(likedApi.util.invalidateTags([{ type: 'Liked', id: 'LIST' }, 'Profile']));
        } catch {
          patchIds.undo();
          patchList?.undo();
          dispatch(toastShown(MESSAGES.failedToUpdateLikeStatus, 'error'));
        }
      },
    }),
  }),
});

export const { useGetLikedSongsQuery, useGetLikedIdsQuery, useToggleLikeMutation } = likedApi;
