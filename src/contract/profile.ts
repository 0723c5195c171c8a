import { z } from 'zod';
import { PublicUser } from './auth';
import { Id, IsoTime } from './common';
import { USERNAME_PATTERN } from './limits';

export const PROFILE_MESSAGES = {
  currentPasswordRequired: 'Enter your current password to change your email',
  currentPasswordWrong: 'Current password is incorrect',
  usernameTaken: 'That username is already taken',
  emailTaken: 'That email is already in use',
  updated: 'Profile updated',
} as const;

export const UpdateProfileBody = z.object({
  username: z.string().trim().regex(USERNAME_PATTERN, 'Username must be 3-30 characters: letters, digits, "_", "." or "-"').optional(),
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address')).optional(),
  currentPassword: z.string().max(1024).optional(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

export const ActivitiesQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(20) });

export const ProfileCounts = z.object({ likedSongs: z.number(), playlists: z.number(), plays: z.number(), suggestions: z.number() });
export type ProfileCounts = z.infer<typeof ProfileCounts>;

export const ProfileResponse = z.object({ success: z.literal(true), user: PublicUser, counts: ProfileCounts, message: z.string().optional() });
export type ProfileResponse = z.infer<typeof ProfileResponse>;

export const ActivityType = z.enum(['play', 'like', 'playlist', 'suggestion']);
export type ActivityType = z.infer<typeof ActivityType>;

export const Activity = z.object({
  type: ActivityType,
  /** unique within the list: type and the row's id */
  id: z.string(),
  at: IsoTime,
  /** what it was about: a song title, a playlist name, a suggestion */
  title: z.string(),
  /** artist, or the suggestion's status */
  detail: z.string(),
  songId: Id.optional(),
  playlistId: Id.optional(),
});
export type Activity = z.infer<typeof Activity>;

export const ActivitiesResponse = z.object({ success: z.literal(true), activities: z.array(Activity) });
export type ActivitiesResponse = z.infer<typeof ActivitiesResponse>;

/** Preferences kept with the account, so every device of the user follows them (docs/product.md §2.10). */
export const AccountSettings = z.object({
  /** off: the server records none of the user's plays (statistics, recently played, history) */
  recordListeningHistory: z.boolean(),
});
export type AccountSettings = z.infer<typeof AccountSettings>;

export const UpdateAccountSettingsBody = z
  .object({ recordListeningHistory: z.boolean({ error: 'recordListeningHistory must be true or false' }).optional() })
  .strict();
export type UpdateAccountSettingsBody = z.infer<typeof UpdateAccountSettingsBody>;

export const AccountSettingsResponse = z.object({ success: z.literal(true), settings: AccountSettings });
export type AccountSettingsResponse = z.infer<typeof AccountSettingsResponse>;
