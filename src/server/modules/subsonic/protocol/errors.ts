/**
 * Subsonic error codes (docs/subsonic.md, Protocol). The protocol answers errors with HTTP 200 and
 * status "failed"; only the code tells an app what went wrong.
 */
export const SUBSONIC_ERROR = {
  generic: 0,
  missingParameter: 10,
  clientTooOld: 20,
  serverTooOld: 30,
  wrongCredentials: 40,
  tokenAuthNotSupported: 41,
  authMechanismNotSupported: 42,
  conflictingAuth: 43,
  invalidApiKey: 44,
  notAuthorized: 50,
  notFound: 70,
} as const;

export type SubsonicErrorCode = (typeof SUBSONIC_ERROR)[keyof typeof SUBSONIC_ERROR];

export class SubsonicError extends Error {
  constructor(
    readonly code: SubsonicErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const missingParameter = (name: string) => new SubsonicError(SUBSONIC_ERROR.missingParameter, `Required parameter '${name}' is missing.`);

export const invalidParameter = (name: string, why: string) => new SubsonicError(SUBSONIC_ERROR.generic, `Parameter '${name}' ${why}.`);

export const notFound = (what: string) => new SubsonicError(SUBSONIC_ERROR.notFound, `${what} not found.`);

export const notAuthorized = (what = 'this operation') => new SubsonicError(SUBSONIC_ERROR.notAuthorized, `User is not authorized for ${what}.`);
