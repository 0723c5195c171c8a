import type { ActivitiesResponse, ProfileResponse } from '../../../contract/profile';
import { baseApi } from '../../api/baseApi';

/** A 409 (name or email taken) arrives as data (SPEC §8 transport), with success false. */
export type UpdateProfileResult = ProfileResponse | { success: false; message: string };

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
    getActivities: build.query<ActivitiesResponse, number | void>({
      query: (limit) => ({ url: '/profile/activities', params: { limit: limit ?? 20 } }),
      providesTags: ['Profile'],
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation, useGetActivitiesQuery } = profileApi;
