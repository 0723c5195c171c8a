export { ProfileForm, useSaveProfile } from './components/ProfileForm';
export { validateProfile, type ProfileDraft } from './profileDraft';
export { ProfileFields } from './components/ProfileFields';
export { profileApi, useGetAccountSettingsQuery, useGetActivitiesQuery, useGetProfileQuery, useUpdateAccountSettingsMutation } from './profileApi';
