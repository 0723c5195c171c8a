import type { RadioListenUrl, RadioStreamListeners, RadioStreamPublicBody } from '../../../contract/radioStream';
import { baseApi } from '../../api/baseApi';

const link = [{ type: 'RadioStream' as const, id: 'link' }];
const listeners = [{ type: 'RadioStream' as const, id: 'listeners' }];

/** Both mutations answer the link as it now is: put it in the query's cache instead of reading it again. */
async function answerIsTheLink(dispatch: (action: unknown) => unknown, queryFulfilled: Promise<{ data: RadioListenUrl }>) {
  try {
    const { data } = await queryFulfilled;
    dispatch(radioStreamApi.util.upsertQueryData('getListenUrl', undefined, data));
  } catch {
    // the caller shows the error; the cached link stays as it was
  }
}

/** The live radio stream: the signed-in user's listen link, and for admins the public switch and who listens. */
export const radioStreamApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getListenUrl: build.query<RadioListenUrl, void>({
      query: () => '/radio/listen-url',
      providesTags: link,
    }),
    renewListenUrl: build.mutation<RadioListenUrl, void>({
      query: () => ({ url: '/radio/listen-url', method: 'POST' }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => answerIsTheLink(dispatch, queryFulfilled),
    }),
    setStreamPublic: build.mutation<RadioListenUrl, RadioStreamPublicBody>({
      query: (body) => ({ url: '/radio/stream/public', method: 'PUT', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => answerIsTheLink(dispatch, queryFulfilled),
      invalidatesTags: listeners,
    }),
    getStreamListeners: build.query<RadioStreamListeners, void>({
      query: () => '/radio/stream/listeners',
      providesTags: listeners,
      // who listens changes all the time: read again each time Settings opens
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetListenUrlQuery, useRenewListenUrlMutation, useSetStreamPublicMutation, useGetStreamListenersQuery } = radioStreamApi;

/** The server's message of a failed call (the transport puts it on every error). */
export const errorText = (error: unknown, fallback: string) => (error as { message?: string } | undefined)?.message ?? fallback;
