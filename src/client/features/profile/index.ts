export { ProfileForm, useSaveProfile, validateProfile } from './components/ProfileForm';
export type { ProfileDraft } from './components/ProfileForm';
export { profileApi, useGetProfileQuery } from './profileApi';
