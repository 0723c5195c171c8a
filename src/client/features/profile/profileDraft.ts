import { USERNAME_PATTERN } from '../../../contract/limits';

/** What the profile form and the settings page edit: username, email, and the current password an email change asks for. */
export interface ProfileDraft {
  username: string;
  email: string;
  currentPassword: string;
}

/** Checks a draft before it is sent; null when fine. */
export function validateProfile(draft: ProfileDraft, original: { username: string; email: string }): string | null {
  if (!USERNAME_PATTERN.test(draft.username.trim())) return 'Username must be 3-30 characters: letters, digits, "_", "." or "-"';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.email.trim())) return 'Enter a valid email address';
  if (draft.email.trim().toLowerCase() !== original.email.toLowerCase() && !draft.currentPassword) return 'Enter your current password to change your email';
  return null;
}
