/**
 * Messages of the accounts feature that the product reference leaves open (its own are in messages.ts).
 * No zod here: the client imports these values.
 */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  usernameRequired: 'Username is required',
  usernameInvalid: 'Username must be 3-30 characters: letters, digits, "_", "." or "-"',
  passwordTooShort: 'Password must be at least 8 characters',
  confirmPasswordRequired: 'Please confirm your password',
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  tooManyFailedSignIns: 'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.',
  tooManyAttempts: 'Too many attempts from your network. Please wait a few minutes and try again.',
  tooManyResetRequests: 'Too many reset requests for this email. Please wait an hour and try again.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  resetLinkMissing: 'This reset link is incomplete. Please request a new one.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  passwordChanged: 'Your password has been changed. Sign in with your new password.',
} as const;
