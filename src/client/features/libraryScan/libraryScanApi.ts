import type { ScanStatusResponse } from '../../../contract/library';
import { baseApi } from '../../api/baseApi';

/** docs/product.md §5.7: an admin starts a rescan of MUSIC_DIR and follows its counters. */
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
  }),
});

export const { useGetScanStatusQuery, useStartScanMutation } = libraryScanApi;
