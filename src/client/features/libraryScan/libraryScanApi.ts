import type { MissingSongsResponse, PurgeMissingResponse, ScanStatusResponse } from '../../../contract/library';
import { baseApi } from '../../api/baseApi';

/** docs/product.md §5.7: an admin starts a rescan of MUSIC_DIR, follows its counters, and lists and purges missing songs. */
export const libraryScanApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getScanStatus: build.query<ScanStatusResponse, void>({
      query: () => '/library/scan',
      // a scan started elsewhere (start-up, the watcher, another admin) shows when the panel opens
      keepUnusedDataFor: 0,
    }),
    startScan: build.mutation<{ success: true; started: true }, void>({
      query: () => ({ url: '/library/scan', method: 'POST' }),
    }),
    getMissingSongs: build.query<MissingSongsResponse, void>({
      query: () => '/library/missing',
      providesTags: ['MissingSongs'],
      // the watcher's scans mark songs missing while the panel is closed
      keepUnusedDataFor: 0,
    }),
    purgeMissingSongs: build.mutation<PurgeMissingResponse, void>({
      query: () => ({ url: '/library/missing', method: 'DELETE' }),
      // albums and artists nothing credits any more go with them; a refused purge (409) changes nothing
      invalidatesTags: (result) => (result ? ['MissingSongs', 'Song'] : []),
    }),
  }),
});

export const { useGetScanStatusQuery, useStartScanMutation, useGetMissingSongsQuery, usePurgeMissingSongsMutation } = libraryScanApi;
