import { z } from 'zod';
import type { PublicUser } from './auth';
import { USERNAME_PATTERN } from './limits';

export const PROFILE_MESSAGES = {
  currentPasswordRequired: 'Enter your current password to change your email',
  currentPasswordWrong: 'Current password is incorrect',
  usernameTaken: 'That username is already taken',
  emailTaken: 'That email is already in use',
  updated: 'Profile updated',
} as const;

export const UpdateProfileBody = z.object({
  username: z
    .string()
    .trim()
    .regex(USERNAME_PATTERN, 'Username must be 3-30 characters: letters, digits, "_", "." or "-"')
    .optional(),
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address')).optional(),
  currentPassword: z.string().max(1024).optional(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

export const ActivitiesQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(20) });

export interface ProfileCounts {
  likedSongs: number;
  playlists: number;
  plays: number;
  suggestions: number;
}
export interface ProfileResponse {
  success: true;
  user: PublicUser;
  counts: ProfileCounts;
  message?: string;
}

export type ActivityType = 'play' | 'like' | 'playlist' | 'suggestion';
export interface Activity {
  type: ActivityType;
  /** unique within the list: type and the row's id */
  id: string;
  at: string;
  /** what it was about: a song title, a playlist name, a suggestion */
  title: string;
  /** artist, or the suggestion's status */
  detail: string;
  songId?: string;
  playlistId?: string;
}
export interface ActivitiesResponse {
  success: true;
  activities: Activity[];
}
