import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from './limits';

export type Role = 'user' | 'admin';

export interface PublicUser {
  id: string;
  username: string;
  email: string;
  role: Role;
  createdAt: string;
}

export const LoginBody = z.object({
  /** the email (SPEC) or the username */
  username: z.string().trim().min(1, 'Email is required').max(254),
  password: z.string().min(1, 'Password is required').max(1024),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const RegisterBody = z.object({
  username: z
    .string()
    .trim()
    .regex(USERNAME_PATTERN, 'Username must be 3-30 characters: letters, digits, "_", "." or "-"'),
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address')),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(1024),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export interface LoginResponse {
  success: true;
  token: { token: string; user: PublicUser };
}
export interface MeResponse {
  success: true;
  user: PublicUser;
}
export interface RefreshResponse {
  success: true;
  token: { token: string };
}
