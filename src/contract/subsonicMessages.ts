/**
 * docs/product.md §2.13: the limits and messages of Subsonic access, apart from the schemas in
 * subsonic.ts so the web client reads them without bundling zod.
 */

export const API_KEY_NAME_MAX = 60;
export const API_KEYS_PER_USER_MAX = 25;
export const APP_PASSWORD_MIN = 8;
export const APP_PASSWORD_MAX = 128;

export const SUBSONIC_MESSAGES = {
  keyNameRequired: 'Name the key after the app or device that will use it',
  keyNameTooLong: `A key name can be at most ${API_KEY_NAME_MAX} characters`,
  tooManyKeys: `You can have at most ${API_KEYS_PER_USER_MAX} API keys. Revoke one you no longer use first.`,
  keyNotFound: 'API key not found',
  appPasswordTooShort: `The app password must be at least ${APP_PASSWORD_MIN} characters`,
  appPasswordTooLong: `The app password can be at most ${APP_PASSWORD_MAX} characters`,
  appPasswordRemoved: 'App password removed',
  currentPasswordRequired: 'Enter your Wavelength password to confirm',
  currentPasswordWrong: 'Current password is incorrect',
  appPasswordIsSignInPassword: 'Choose an app password other than your Wavelength password: apps never sign in with that one',
} as const;
