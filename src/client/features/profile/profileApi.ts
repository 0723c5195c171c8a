import type { ActivitiesResponse, ProfileResponse } from '../../../contract/profile';
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
    getActivities: build.query<ActivitiesResponse, number | void>({
      query: (limit) => ({ url: '/profile/activities', params: { limit: limit ?? 20 } }),
      providesTags: ['Profile'],
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation, useGetActivitiesQuery } = profileApi;
