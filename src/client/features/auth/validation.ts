import { AUTH_MESSAGES } from '../../../contract/authMessages';
import { PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from '../../../contract/limits';
import { MESSAGES } from '../../../contract/messages';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function email(value: string): string | undefined {
  if (!value.trim()) return AUTH_MESSAGES.emailRequired;
  if (!EMAIL.test(value.trim())) return AUTH_MESSAGES.emailInvalid;
  return undefined;
}

function newPassword(value: string): string | undefined {
  if (!value) return AUTH_MESSAGES.passwordRequired;
  if (value.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  return undefined;
}

function confirm(password: string, confirmPassword: string): string | undefined {
  if (!confirmPassword) return AUTH_MESSAGES.confirmPasswordRequired;
  if (password !== confirmPassword) return MESSAGES.passwordsDoNotMatch;
  return undefined;
}

const compact = <K extends string>(errors: Record<K, string | undefined>): FieldErrors<K> =>
  Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as FieldErrors<K>;

/** docs/product.md §5 Login: email and password required; email format checked. */
export const validateLogin = (v: { email: string; password: string }) =>
  compact({ email: email(v.email), password: v.password ? undefined : AUTH_MESSAGES.passwordRequired });

/** docs/product.md §5 Signup: all four required; 'Passwords do not match' when they differ. */
export const validateSignup = (v: { username: string; email: string; password: string; confirmPassword: string }) =>
  compact({
    username: !v.username.trim() ? AUTH_MESSAGES.usernameRequired : USERNAME_PATTERN.test(v.username.trim()) ? undefined : AUTH_MESSAGES.usernameInvalid,
    email: email(v.email),
    password: newPassword(v.password),
    confirmPassword: confirm(v.password, v.confirmPassword),
  });

export const validateForgot = (v: { email: string }) => compact({ email: email(v.email) });

export const validateReset = (v: { password: string; confirmPassword: string }) =>
  compact({ password: newPassword(v.password), confirmPassword: confirm(v.password, v.confirmPassword) });
