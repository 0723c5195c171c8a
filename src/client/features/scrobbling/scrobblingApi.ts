import type { LastfmConnectResponse, ListenBrainzTokenBody, ScrobbleConnectionsResponse, ScrobbleService } from '../../../contract/scrobble';
import { baseApi } from '../../api/baseApi';

const connections = [{ type: 'Scrobble' as const, id: 'connections' }];

/** docs/product.md §7.11 Scrobbling: the user's connections, and what the player tells the server. */
export const scrobblingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getScrobbleConnections: build.query<ScrobbleConnectionsResponse, void>({
      query: () => '/scrobble/connections',
      providesTags: connections,
    }),
    connectListenBrainz: build.mutation<ScrobbleConnectionsResponse, ListenBrainzTokenBody>({
      query: (body) => ({ url: '/scrobble/listenbrainz', method: 'PUT', body }),
      invalidatesTags: connections,
    }),
    disconnectScrobbling: build.mutation<ScrobbleConnectionsResponse, ScrobbleService>({
      query: (service) => ({ url: `/scrobble/connections/${service}`, method: 'DELETE' }),
      invalidatesTags: connections,
    }),
    connectLastfm: build.mutation<LastfmConnectResponse, void>({
      query: () => ({ url: '/scrobble/lastfm/connect', method: 'POST' }),
    }),
    nowPlaying: build.mutation<{ success: true }, { songId: string }>({
      query: (body) => ({ url: '/scrobble/now-playing', method: 'POST', body }),
    }),
    listened: build.mutation<{ success: true; queued: number }, { songId: string; startedAt: string }>({
      query: (body) => ({ url: '/scrobble/listened', method: 'POST', body }),
      invalidatesTags: connections,
    }),
  }),
});

export const { useGetScrobbleConnectionsQuery, useConnectListenBrainzMutation, useDisconnectScrobblingMutation, useConnectLastfmMutation } = scrobblingApi;

/** The server's message of a failed call (the transport puts it on every error). */
export const errorText = (error: unknown, fallback: string) => (error as { message?: string } | undefined)?.message ?? fallback;
