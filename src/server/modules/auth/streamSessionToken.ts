import { SignJWT, errors as joseErrors } from 'jose';
import { ISSUER, nowSeconds, verifyJwt, type JwtContext } from './jwt';

/** How long a stream cookie is valid; it is re-set on every refresh and every GET /api/auth/me. */
export const STREAM_SESSION_TTL_SECONDS = 24 * 60 * 60;
const STREAM_SESSION_TYP = 'wl-stream+jwt';

export interface StreamSessionClaims {
  userId: string;
  sessionId: string;
}

export async function signStreamSession(ctx: JwtContext, { userId, sessionId }: StreamSessionClaims): Promise<string> {
  const iat = nowSeconds(ctx);
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: STREAM_SESSION_TYP })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience('stream-session')
    .setIssuedAt(iat)
    .setExpirationTime(iat + STREAM_SESSION_TTL_SECONDS)
    .sign(ctx.key);
}

export async function verifyStreamSession(ctx: JwtContext, token: string): Promise<StreamSessionClaims> {
  const payload = await verifyJwt(ctx, token, { audience: 'stream-session', typ: STREAM_SESSION_TYP });
  if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
    throw new joseErrors.JWTClaimValidationFailed('malformed token', payload);
  }
  return { userId: payload.sub, sessionId: payload.sid };
}
