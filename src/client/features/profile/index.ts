export { ProfileForm, useSaveProfile, validateProfile } from './components/ProfileForm';
export type { ProfileDraft } from './components/ProfileForm';
export { ProfileFields } from './components/ProfileFields';
export { profileApi, useGetAccountSettingsQuery, useGetActivitiesQuery, useGetProfileQuery, useUpdateAccountSettingsMutation } from './profileApi';
