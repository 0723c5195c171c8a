import type { Song, SongsQueryParams, SongsResponse } from '../../../contract/songs';
import { baseApi } from '../../api/baseApi';

/** Songs of the library. The library issue extends this file (upload, infinite scroll). */
export const songsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchSongs: build.query<SongsResponse, SongsQueryParams>({
      query: (params) => ({ url: '/songs', params: { ...params } }),
      providesTags: ['Song'],
    }),
    getSong: build.query<{ success: true; song: Song }, string>({
      query: (id) => `/songs/${id}`,
    }),
  }),
});

export const { useSearchSongsQuery, useGetSongQuery } = songsApi;
