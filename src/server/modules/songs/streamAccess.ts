import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { readCookie } from '../../lib/cookies';
import type { ZodApp } from '../../plugins/zodSchemas';
import { sessionChecks } from '../auth/sessionCheckCache';
import { isSessionAlive } from '../auth/sessions';
import { STREAM_COOKIE } from '../auth/streamCookie';

/**
 * Whether the request's stream cookie is valid and its session alive; a yes is remembered a few
 * seconds with the embedded database only (sessionChecks in auth/sessionCheckCache.ts says why). A
 * database error propagates as before.
 */
export function streamCookieAccess(app: ZodApp, now: () => number): (request: FastifyRequest) => Promise<boolean> {
  const checks = sessionChecks(app.database.kind, app.database.sessionEndings);
  const check = async (value: string) => {
    const claims = await app.tokens.verifyStreamSession(value).catch(() => null);
    if (!claims || !(await isSessionAlive(app.db, claims.sessionId, new Date(now())))) return null;
    return { session: claims, expiresAtMs: (decodeJwt(value).exp ?? 0) * 1000 };
  };
  return async (request) => {
    const value = readCookie(request, STREAM_COOKIE);
    if (!value) return false;
    return (await checks.verify(value, now(), () => check(value))) !== null;
  };
}
