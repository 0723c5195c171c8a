import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../contract/limits';

export type Role = 'user' | 'admin';

export interface AccessClaims {
  userId: string;
  role: Role;
  sessionId: string;
  jti: string;
  /** expiry, seconds since the epoch */
  exp: number;
}

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

export interface StreamSessionClaims {
  userId: string;
  sessionId: string;
}

/** How long a stream cookie is valid; it is re-set on every refresh and every GET /api/auth/me. */
export const STREAM_SESSION_TTL_SECONDS = 24 * 60 * 60;
const STREAM_SESSION_TYP = 'wl-stream+jwt';

const ISSUER = 'wavelength';
const DEVICE_TYP = 'wl-device+jwt';
/** How long after its expiry an access token may still be refreshed (its session must be alive too): a laptop that slept. */
export const EXPIRED_REFRESH_TOLERANCE_SECONDS = 7 * 24 * 60 * 60;

export function createTokenService(secret: string, now: () => number = Date.now): TokenService {
  const key = new TextEncoder().encode(secret);
  const nowSeconds = () => Math.floor(now() / 1000);
  const verifyOptions = (audience: string, clockTolerance = 0) => ({
    algorithms: ['HS256'],
    issuer: ISSUER,
    audience,
    currentDate: new Date(now()),
    clockTolerance,
  });

  return {
    async signAccess({ userId, role, sessionId, jti = randomUUID() }) {
      const iat = nowSeconds();
      const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ role, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setJti(jti)
        .setIssuer(ISSUER)
        .setAudience('access')
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, jti, exp };
    },
    async verifyAccess(token, options = {}) {
      const { payload } = await jwtVerify(token, key, verifyOptions('access', options.allowExpired ? EXPIRED_REFRESH_TOLERANCE_SECONDS : 0));
      const role = payload.role;
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.jti !== 'string') {
        throw new joseErrors.JWTClaimValidationFailed('malformed token', payload);
      }
      if (role !== 'user' && role !== 'admin') throw new joseErrors.JWTClaimValidationFailed('bad role', payload);
      return { userId: payload.sub, role, sessionId: payload.sid, jti: payload.jti, exp: payload.exp ?? 0 };
    },
    async signDevice({ userId, nonce, ttlSeconds }) {
      const iat = nowSeconds();
      return new SignJWT({ dev: nonce })
        .setProtectedHeader({ alg: 'HS256', typ: DEVICE_TYP })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience('device')
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    async verifyDevice(token) {
      const { payload } = await jwtVerify(token, key, { ...verifyOptions('device'), typ: DEVICE_TYP });
      if (typeof payload.sub !== 'string' || typeof payload.dev !== 'string') {
        throw new joseErrors.JWTClaimValidationFailed('malformed token', payload);
      }
      return { userId: payload.sub, nonce: payload.dev };
    },
    async signStreamSession({ userId, sessionId }) {
      const iat = nowSeconds();
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: STREAM_SESSION_TYP })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience('stream-session')
        .setIssuedAt(iat)
        .setExpirationTime(iat + STREAM_SESSION_TTL_SECONDS)
        .sign(key);
    },
    async verifyStreamSession(token) {
      const { payload } = await jwtVerify(token, key, { ...verifyOptions('stream-session'), typ: STREAM_SESSION_TYP });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
        throw new joseErrors.JWTClaimValidationFailed('malformed token', payload);
      }
      return { userId: payload.sub, sessionId: payload.sid };
    },
  };
}
