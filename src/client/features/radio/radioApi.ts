import { baseApi } from '../../api/baseApi';
import type { RadioHistoryResponse, RadioSnapshot, RemoveFromQueueResponse, SkipResponse, ToggleResponse } from '../../../contract/radio';

export type { RadioSnapshot };
export { useAddRadioTrackMutation } from '../../api/radioQueueApi';

/** The radio's HTTP endpoints. Live changes arrive on the socket, so mutations invalidate nothing. */
export const radioApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRadioQueue: build.query<RadioSnapshot, void>({
      query: () => '/radio/queue',
      providesTags: ['Radio'],
    }),
    removeRadioTrack: build.mutation<RemoveFromQueueResponse, string>({
      query: (id) => ({ url: `/radio/queue/${encodeURIComponent(id)}`, method: 'DELETE' }),
    }),
    skipRadioTrack: build.mutation<SkipResponse, void>({
      query: () => ({ url: '/radio/skip', method: 'POST' }),
    }),
    toggleRadio: build.mutation<ToggleResponse, void>({
      query: () => ({ url: '/radio/toggle', method: 'POST' }),
    }),
    getRadioHistory: build.query<RadioHistoryResponse, { limit?: number; cursor?: number } | void>({
      query: (params) => ({ url: '/radio/history', params: params ?? {} }),
    }),
  }),
});

export const { useGetRadioQueueQuery, useRemoveRadioTrackMutation, useSkipRadioTrackMutation, useToggleRadioMutation, useGetRadioHistoryQuery } = radioApi;
