import type { UploadLimitsResponse } from '../../../contract/songs';
import { baseApi } from '../../api/baseApi';

/** The server's upload limits (MAX_UPLOAD_MB), so the dialog refuses an oversized file before sending it (docs/product.md §5.4). */
export const uploadApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUploadLimits: build.query<UploadLimitsResponse, void>({ query: () => '/songs/upload' }),
  }),
});

export const { useGetUploadLimitsQuery } = uploadApi;
