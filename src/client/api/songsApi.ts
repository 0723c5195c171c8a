import type { Song, SongsQueryParams, SongsResponse } from '../../contract/songs';
import { baseApi } from './baseApi';

/** The filters of the library search, without the cursor (the infinite query pages by itself). */
export type SongSearchFilters = Omit<SongsQueryParams, 'cursor'>;

/** Songs of the library. */
export const songsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** One page: pass the previous page's nextCursor as cursor for the next one. */
    searchSongs: build.query<SongsResponse, SongsQueryParams>({
      query: (params) => ({ url: '/songs', params: { ...params } }),
      providesTags: ['Song'],
    }),
    /** Every page loaded so far of one search (the Search page's infinite scroll). */
    searchSongsPages: build.infiniteQuery<SongsResponse, SongSearchFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) => ({ url: '/songs', params: { ...queryArg, cursor: pageParam ?? undefined } }),
      providesTags: ['Song'],
    }),
    getSong: build.query<{ success: true; song: Song }, string>({
      query: (id) => `/songs/${id}`,
    }),
  }),
});

export const { useSearchSongsQuery, useSearchSongsPagesInfiniteQuery, useGetSongQuery } = songsApi;
