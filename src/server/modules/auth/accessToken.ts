import { randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../contract/limits';
import { ISSUER, nowSeconds, verifyJwt, type JwtContext } from './jwt';

export type Role = 'user' | 'admin';

export interface AccessClaims {
  userId: string;
  role: Role;
  sessionId: string;
  jti: string;
  /** expiry, seconds since the epoch */
  exp: number;
}

/** How long after its expiry an access token may still be refreshed (its session must be alive too): a laptop that slept. */
const EXPIRED_REFRESH_TOLERANCE_SECONDS = 7 * 24 * 60 * 60;

export async function signAccess(
  ctx: JwtContext,
  { userId, role, sessionId, jti = randomUUID() }: { userId: string; role: Role; sessionId: string; jti?: string },
): Promise<{ token: string; jti: string; exp: number }> {
  const iat = nowSeconds(ctx);
  const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ role, sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setJti(jti)
    .setIssuer(ISSUER)
    .setAudience('access')
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(ctx.key);
  return { token, jti, exp };
}

export async function verifyAccess(ctx: JwtContext, token: string, options: { allowExpired?: boolean } = {}): Promise<AccessClaims> {
  const payload = await verifyJwt(ctx, token, {
    audience: 'access',
    clockTolerance: options.allowExpired ? EXPIRED_REFRESH_TOLERANCE_SECONDS : 0,
  });
  const role = payload.role;
  if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.jti !== 'string') {
    throw new joseErrors.JWTClaimValidationFailed('malformed token', payload);
  }
  if (role !== 'user' && role !== 'admin') throw new joseErrors.JWTClaimValidationFailed('bad role', payload);
  return { userId: payload.sub, role, sessionId: payload.sid, jti: payload.jti, exp: payload.exp ?? 0 };
}
