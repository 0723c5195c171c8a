import { createApi } from '@reduxjs/toolkit/query/react';
import { transportBaseQuery } from './transport';

/** The one API slice; each feature adds its endpoints with baseApi.injectEndpoints. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: transportBaseQuery,
  tagTypes: ['Me', 'Song', 'Liked', 'Playlist', 'Stats', 'Profile', 'Suggestion', 'Radio', 'SubsonicAccess', 'MissingSongs', 'RadioStream', 'Scrobble'],
  endpoints: () => ({}),
});
