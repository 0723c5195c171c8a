import { z } from 'zod';
import { AUTH_MESSAGES } from './authMessages';
import { PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from './limits';

export type Role = 'user' | 'admin';

export interface PublicUser {
  id: string;
  username: string;
  email: string;
  role: Role;
  createdAt: string;
}

const Email = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254)
  .pipe(z.email(AUTH_MESSAGES.emailInvalid));

const NewPassword = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(1024);

export const LoginBody = z.object({
  /** the email (SPEC) or the username */
  username: z.string({ error: AUTH_MESSAGES.emailRequired }).trim().min(1, AUTH_MESSAGES.emailRequired).max(254),
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired).max(1024),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const RegisterBody = z.object({
  username: z
    .string({ error: AUTH_MESSAGES.usernameRequired })
    .trim()
    .min(1, AUTH_MESSAGES.usernameRequired)
    .regex(USERNAME_PATTERN, AUTH_MESSAGES.usernameInvalid),
  email: Email,
  password: NewPassword,
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const RefreshBody = z.object({
  token: z.string().min(1).max(4096).optional(),
});
export type RefreshBody = z.infer<typeof RefreshBody>;

export const ForgotPasswordBody = z.object({ email: Email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const ResetPasswordBody = z.object({
  token: z.string().trim().min(1, AUTH_MESSAGES.resetLinkMissing).max(256),
  password: NewPassword,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

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
export interface RegisterResponse {
  success: true;
  user: PublicUser;
}
