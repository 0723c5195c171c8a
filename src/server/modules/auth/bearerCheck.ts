import type { FastifyInstance } from 'fastify';
import { sessionChecks } from './sessionCheckCache';
import { sessionAliveCheck } from './sessions';
import type { AccessClaims, TokenService } from './tokens';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
  }
}

/**
 * What plugins/auth.ts asks of a bearer token: a valid access token whose session is still alive.
 * Remembered a few seconds with the embedded database only (sessionCheckCache.ts).
 */
export function bearerCheck(tokens: TokenService, now: () => number) {
  return (app: FastifyInstance) => {
    const isSessionAlive = sessionAliveCheck(app.db);
    const check = async (token: string) => {
      let claims: AccessClaims;
      try {
        claims = await tokens.verifyAccess(token);
      } catch {
        return null;
      }
      // a database error is not a bad token: it propagates (503), it must not sign the user out (401)
      return (await isSessionAlive(claims.sessionId, new Date(now()))) ? { session: claims, expiresAtMs: claims.exp * 1000 } : null;
    };
    const checks = sessionChecks<AccessClaims>(app.database.kind, app.database.sessionEndings);
    return (token: string) => checks.verify(token, now(), () => check(token));
  };
}
