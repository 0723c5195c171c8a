import type { AddToQueueResponse } from '../../contract/radio';
import { baseApi } from './baseApi';

/**
 * POST /radio/queue, declared once: the radio page and the Music Box (an approved suggestion in one
 * click) both add to the queue. Live changes arrive on the socket, so it invalidates nothing.
 */
export const radioQueueApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    addRadioTrack: build.mutation<AddToQueueResponse, { songId: string }>({
      query: (body) => ({ url: '/radio/queue', method: 'POST', body }),
    }),
  }),
});

export const { useAddRadioTrackMutation } = radioQueueApi;
