import { z } from 'zod';
import { AUTH_MESSAGES } from './authMessages';
import { Id, IsoTime } from './common';
import { PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from './limits';

export const Role = z.enum(['user', 'admin']);
export type Role = z.infer<typeof Role>;

export const PublicUser = z.object({
  id: Id,
  username: z.string(),
  email: z.string(),
  role: Role,
  createdAt: IsoTime,
});
export type PublicUser = z.infer<typeof PublicUser>;

const Email = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254)
  .pipe(z.email(AUTH_MESSAGES.emailInvalid));

const NewPassword = z.string({ error: AUTH_MESSAGES.passwordRequired }).min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort).max(1024);

export const LoginBody = z.object({
  /** the email (docs/product.md §7.1) or the username */
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

export const LoginResponse = z.object({
  success: z.literal(true),
  token: z.object({ token: z.string(), user: PublicUser }),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const MeResponse = z.object({ success: z.literal(true), user: PublicUser });
export type MeResponse = z.infer<typeof MeResponse>;

export const RefreshResponse = z.object({ success: z.literal(true), token: z.object({ token: z.string() }) });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

export const RegisterResponse = z.object({ success: z.literal(true), user: PublicUser });
export type RegisterResponse = z.infer<typeof RegisterResponse>;
