import type { AccountSettingsResponse, ActivitiesResponse, ProfileResponse, UpdateAccountSettingsBody } from '../../../contract/profile';
import { baseApi } from '../../api/baseApi';

/** A 409 (name or email taken) is an error with the server's message (the transport's one rule). */
export type UpdateProfileResult = ProfileResponse;

export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<ProfileResponse, void>({
      query: () => '/profile',
      providesTags: ['Profile'],
    }),
    updateProfile: build.mutation<UpdateProfileResult, { username?: string; email?: string; currentPassword?: string }>({
      query: (body) => ({ url: '/profile', method: 'PUT', body }),
      invalidatesTags: (result) => (result?.success ? ['Profile', 'Me'] : []),
    }),
    /** docs/product.md §2.10: settings kept with the account, so every device follows them. */
    getAccountSettings: build.query<AccountSettingsResponse, void>({
      query: () => '/profile/settings',
      providesTags: ['Profile'],
      // another device may have changed them: read again each time Settings opens
      keepUnusedDataFor: 0,
    }),
    updateAccountSettings: build.mutation<AccountSettingsResponse, UpdateAccountSettingsBody>({
      query: (body) => ({ url: '/profile/settings', method: 'PUT', body }),
      invalidatesTags: (result) => (result?.success ? ['Profile'] : []),
    }),
    getActivities: build.query<ActivitiesResponse, number | void>({
      query: (limit) => ({ url: '/profile/activities', params: { limit: limit ?? 20 } }),
      providesTags: ['Profile'],
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation, useGetActivitiesQuery, useGetAccountSettingsQuery, useUpdateAccountSettingsMutation } = profileApi;
