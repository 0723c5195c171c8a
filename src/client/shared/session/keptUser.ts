/**
 * The signed-in user as this browser last saw them (features/pwa keeps it), so the app opened from
 * the service worker's cache with the server unreachable shows the signed-in app instead of
 * signing the user out (features/auth/authSagas.ts bootstrap). The server still checks every call.
 */
export const KEPT_USER_KEY = 'wavelength.user';
