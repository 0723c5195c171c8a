import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { readCookie } from '../../lib/cookies';
import type { ZodApp } from '../../plugins/zodSchemas';
import { SessionCheckCache } from '../auth/sessionCheckCache';
import { isSessionAlive } from '../auth/sessions';
import { STREAM_COOKIE } from '../auth/streamCookie';

/**
 * Whether the request's stream cookie is valid and its session alive. A yes is remembered for a
 * few seconds (auth/sessionCheckCache.ts says exactly how an ended session is refused); a
 * database error propagates as before.
 */
export function streamCookieAccess(app: ZodApp, now: () => number): (request: FastifyRequest) => Promise<boolean> {
  const checked = new SessionCheckCache();
  return async (request) => {
    const value = readCookie(request, STREAM_COOKIE);
    if (!value) return false;
    const session = await checked.verify(value, now(), async () => {
      const claims = await app.tokens.verifyStreamSession(value).catch(() => null);
      if (!claims || !(await isSessionAlive(app.db, claims.sessionId, new Date(now())))) return null;
      return { session: claims, expiresAtMs: (decodeJwt(value).exp ?? 0) * 1000 };
    });
    return session !== null;
  };
}
