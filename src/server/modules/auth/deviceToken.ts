import { SignJWT, errors as joseErrors } from 'jose';
import { ISSUER, nowSeconds, verifyJwt, type JwtContext } from './jwt';

const DEVICE_TYP = 'wl-device+jwt';

/** The device cookie's value (deviceCookie.ts): audience 'device' and a typ of its own. */
export async function signDevice(ctx: JwtContext, { userId, nonce, ttlSeconds }: { userId: string; nonce: string; ttlSeconds: number }): Promise<string> {
  const iat = nowSeconds(ctx);
  return new SignJWT({ dev: nonce })
    .setProtectedHeader({ alg: 'HS256', typ: DEVICE_TYP })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience('device')
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(ctx.key);
}

export async function verifyDevice(ctx: JwtContext, token: string): Promise<{ userId: string; nonce: string }> {
  const payload = await verifyJwt(ctx, token, { audience: 'device', typ: DEVICE_TYP });
  if (typeof payload.sub !== 'string' || typeof payload.dev !== 'string') {
    throw new joseErrors.JWTClaimValidationFailed('malformed token', payload);
  }
  return { userId: payload.sub, nonce: payload.dev };
}
