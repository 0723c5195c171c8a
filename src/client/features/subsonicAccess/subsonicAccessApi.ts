import type { ApiKeysResponse, AppPasswordStatusResponse, CreatedApiKeyResponse } from '../../../contract/subsonic';
import { baseApi } from '../../api/baseApi';

const keys = [{ type: 'SubsonicAccess' as const, id: 'keys' }];
const password = [{ type: 'SubsonicAccess' as const, id: 'password' }];

/** docs/product.md §2.13: the signed-in user's own API keys and app password for Subsonic apps. */
export const subsonicAccessApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getApiKeys: build.query<ApiKeysResponse, void>({
      query: () => '/subsonic/keys',
      providesTags: keys,
      // "last used" moves while the apps play: read again each time Settings opens
      keepUnusedDataFor: 0,
    }),
    createApiKey: build.mutation<CreatedApiKeyResponse, { name: string; currentPassword: string }>({
      query: (body) => ({ url: '/subsonic/keys', method: 'POST', body }),
      invalidatesTags: keys,
    }),
    revokeApiKey: build.mutation<{ success: true }, string>({
      query: (id) => ({ url: `/subsonic/keys/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: keys,
    }),
    getAppPassword: build.query<AppPasswordStatusResponse, void>({
      query: () => '/subsonic/password',
      providesTags: password,
      keepUnusedDataFor: 0,
    }),
    setAppPassword: build.mutation<AppPasswordStatusResponse, { password: string; currentPassword: string }>({
      query: (body) => ({ url: '/subsonic/password', method: 'PUT', body }),
      invalidatesTags: password,
    }),
    removeAppPassword: build.mutation<{ success: true }, void>({
      query: () => ({ url: '/subsonic/password', method: 'DELETE' }),
      invalidatesTags: password,
    }),
  }),
});

export const {
  useGetApiKeysQuery,
  useCreateApiKeyMutation,
  useRevokeApiKeyMutation,
  useGetAppPasswordQuery,
  useSetAppPasswordMutation,
  useRemoveAppPasswordMutation,
} = subsonicAccessApi;

/** The server's message of a failed call (the transport puts it on every error). */
export const errorText = (error: unknown, fallback: string) => (error as { message?: string } | undefined)?.message ?? fallback;
