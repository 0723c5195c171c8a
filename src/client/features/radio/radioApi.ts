import { baseApi } from '../../api/baseApi';
import type { RadioQueueTrack } from './radioSlice';

export interface RadioSnapshot {
  success: true;
  queue: RadioQueueTrack[];
  currentTrack: RadioQueueTrack | null;
  listeners: number;
  isRadioActive: boolean;
  startedAt: number | null;
  serverTime: number;
}

/** The radio's HTTP endpoints. The radio issue extends this file (queue changes, skip, toggle, history). */
export const radioApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRadioQueue: build.query<RadioSnapshot, void>({
      query: () => '/radio/queue',
      providesTags: ['Radio'],
    }),
  }),
});

export const { useGetRadioQueueQuery } = radioApi;
