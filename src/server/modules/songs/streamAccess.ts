import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { readCookie } from '../../lib/cookies';
import type { ZodApp } from '../../plugins/zodSchemas';
import { SessionCheckCache } from '../auth/sessionCheckCache';
import { isSessionAlive } from '../auth/sessions';
import { STREAM_COOKIE } from '../auth/streamCookie';

/**
 * Whether the request's stream cookie is valid and its session alive. With the embedded database a
 * yes is remembered for a few seconds: this process is the only one that can end a session, and
 * ending one empties the memory at once (auth/sessionCheckCache.ts). With PostgreSQL another
 * instance may end it, and its stream must stop at once there too (docs/product.md: a logout ends
 * the session everywhere), so every range asks the database. A database error propagates as before.
 */
export function streamCookieAccess(app: ZodApp, now: () => number): (request: FastifyRequest) => Promise<boolean> {
  const remembered = app.database.kind === 'pglite' ? new SessionCheckCache() : null;
  const check = async (value: string) => {
    const claims = await app.tokens.verifyStreamSession(value).catch(() => null);
    if (!claims || !(await isSessionAlive(app.db, claims.sessionId, new Date(now())))) return null;
    return { session: claims, expiresAtMs: (decodeJwt(value).exp ?? 0) * 1000 };
  };
  return async (request) => {
    const value = readCookie(request, STREAM_COOKIE);
    if (!value) return false;
    const session = remembered ? await remembered.verify(value, now(), () => check(value)) : (await check(value))?.session;
    return !!session;
  };
}
