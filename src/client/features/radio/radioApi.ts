import { baseApi } from '../../api/baseApi';
import type {
  AddToQueueResponse,
  RadioHistoryResponse,
  RadioSnapshot,
  RemoveFromQueueResponse,
  SkipResponse,
  ToggleResponse,
} from '../../../contract/radio';

export type { RadioSnapshot };

/** A 409 arrives as data ({ success: false, message }), not as an error (SPEC §8): both are failures here. */
type Maybe<T> = T | { success: false; message: string };

/** The radio's HTTP endpoints. Live changes arrive on the socket, so mutations invalidate nothing. */
export const radioApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRadioQueue: build.query<RadioSnapshot, void>({
      query: () => '/radio/queue',
      providesTags: ['Radio'],
    }),
    addRadioTrack: build.mutation<Maybe<AddToQueueResponse>, { songId: string }>({
      query: (body) => ({ url: '/radio/queue', method: 'POST', body }),
    }),
    removeRadioTrack: build.mutation<Maybe<RemoveFromQueueResponse>, string>({
      query: (id) => ({ url: `/radio/queue/${encodeURIComponent(id)}`, method: 'DELETE' }),
    }),
    skipRadioTrack: build.mutation<Maybe<SkipResponse>, void>({
      query: () => ({ url: '/radio/skip', method: 'POST' }),
    }),
    toggleRadio: build.mutation<Maybe<ToggleResponse>, void>({
      query: () => ({ url: '/radio/toggle', method: 'POST' }),
    }),
    getRadioHistory: build.query<RadioHistoryResponse, { limit?: number; cursor?: number } | void>({
      query: (params) => ({ url: '/radio/history', params: params ?? {} }),
    }),
  }),
});

export const {
  useGetRadioQueueQuery,
  useAddRadioTrackMutation,
  useRemoveRadioTrackMutation,
  useSkipRadioTrackMutation,
  useToggleRadioMutation,
  useGetRadioHistoryQuery,
} = radioApi;
