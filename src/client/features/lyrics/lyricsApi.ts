import type { SongLyricsResponse } from '../../../contract/lyrics';
import { baseApi } from '../../api/baseApi';

/** A song's lyrics (GET /songs/:id/lyrics), cached under the song's tag: a rescan that changes the song reads them again. */
export const lyricsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSongLyrics: build.query<SongLyricsResponse, string>({
      query: (songId) => `/songs/${encodeURIComponent(songId)}/lyrics`,
      providesTags: (_result, _error, songId) => [{ type: 'Song', id: songId }],
    }),
  }),
});

export const { useGetSongLyricsQuery } = lyricsApi;
