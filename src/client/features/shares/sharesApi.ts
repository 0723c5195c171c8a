import type { CreateShareBody, PublicShareResponse, ShareResponse, SharesResponse, UpdateShareBody } from '../../../contract/shares';
import { baseApi } from '../../api/baseApi';

const LIST = { type: 'Share' as const, id: 'LIST' };

/** The signed-in user's share links (docs/product.md §7.10) and a share's public page (§7.10). */
export const sharesApi = baseApi.enhanceEndpoints({ addTagTypes: ['Share'] }).injectEndpoints({
  endpoints: (build) => ({
    getShares: build.query<SharesResponse, void>({
      query: () => '/shares',
      providesTags: [LIST],
    }),
    createShare: build.mutation<ShareResponse, CreateShareBody>({
      query: (body) => ({ url: '/shares', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateShare: build.mutation<ShareResponse, UpdateShareBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/shares/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: [LIST],
    }),
    deleteShare: build.mutation<{ success: true }, string>({
      query: (id) => ({ url: `/shares/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
    /** The public page's facts: no account needed, and a visit counted at each fetch. */
    getPublicShare: build.query<PublicShareResponse, string>({
      query: (id) => `/public/shares/${encodeURIComponent(id)}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetSharesQuery, useCreateShareMutation, useUpdateShareMutation, useDeleteShareMutation, useGetPublicShareQuery } = sharesApi;

export const errorText = (error: unknown, fallback: string) => (error as { message?: string } | undefined)?.message ?? fallback;
