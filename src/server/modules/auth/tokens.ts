import { signAccess, verifyAccess, type AccessClaims, type Role } from './accessToken';
import { signDevice, verifyDevice } from './deviceToken';
import type { JwtContext } from './jwt';
import { signStreamSession, verifyStreamSession, type StreamSessionClaims } from './streamSessionToken';

export type { AccessClaims, Role } from './accessToken';
export { STREAM_SESSION_TTL_SECONDS, type StreamSessionClaims } from './streamSessionToken';

export interface TokenService {
  signAccess(input: { userId: string; role: Role; sessionId: string; jti?: string }): Promise<{ token: string; jti: string; exp: number }>;
  /**
   * Verifies signature (HS256 only), issuer, audience, expiry and shape; throws on anything else.
   * `allowExpired` (refresh only) accepts a token past its expiry; the caller then requires its session to be alive.
   */
  verifyAccess(token: string, options?: { allowExpired?: boolean }): Promise<AccessClaims>;
  /** The device cookie (deviceCookie.ts): this browser signed in to this account before. Audience 'device' and a typ of its own. */
  signDevice(input: { userId: string; nonce: string; ttlSeconds: number }): Promise<string>;
  verifyDevice(token: string): Promise<{ userId: string; nonce: string }>;
  /**
   * The value of the stream cookie: names a user and a session, for GET /api/songs/stream/* only.
   * Its own audience and typ, so it is never an access token and an access token is never one.
   * The stream route also requires the session to be alive.
   */
  signStreamSession(input: { userId: string; sessionId: string }): Promise<string>;
  verifyStreamSession(token: string): Promise<StreamSessionClaims>;
}

/** The three kinds of token this server signs, with one secret and the app's clock. */
export function createTokenService(secret: string, now: () => number = Date.now): TokenService {
  const ctx: JwtContext = { key: new TextEncoder().encode(secret), now };
  return {
    signAccess: (input) => signAccess(ctx, input),
    verifyAccess: (token, options) => verifyAccess(ctx, token, options),
    signDevice: (input) => signDevice(ctx, input),
    verifyDevice: (token) => verifyDevice(ctx, token),
    signStreamSession: (input) => signStreamSession(ctx, input),
    verifyStreamSession: (token) => verifyStreamSession(ctx, token),
  };
}
