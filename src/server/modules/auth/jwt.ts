import { jwtVerify, type JWTPayload } from 'jose';

export const ISSUER = 'wavelength';

/** What every token kind signs and verifies with: the key and the app's clock. */
export interface JwtContext {
  key: Uint8Array;
  now: () => number;
}

export const nowSeconds = (ctx: JwtContext) => Math.floor(ctx.now() / 1000);

/**
 * Verifies an HS256 token of this issuer for `audience` (and `typ`, when given) at the app's
 * clock; `clockTolerance` seconds past expiry still pass. Throws on anything else.
 */
export async function verifyJwt(ctx: JwtContext, token: string, check: { audience: string; typ?: string; clockTolerance?: number }): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, ctx.key, {
    algorithms: ['HS256'],
    issuer: ISSUER,
    audience: check.audience,
    currentDate: new Date(ctx.now()),
    clockTolerance: check.clockTolerance ?? 0,
    ...(check.typ ? { typ: check.typ } : {}),
  });
  return payload;
}
