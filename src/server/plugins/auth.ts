import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { MESSAGES } from '../../contract/messages';
import { HttpError } from '../lib/httpError';
import { sessionChecks } from '../modules/auth/sessionCheckCache';
import { isSessionAlive } from '../modules/auth/sessions';
import type { AccessClaims, Role, TokenService } from '../modules/auth/tokens';

export interface AuthUser {
  id: string;
  role: Role;
  sessionId: string;
  jti: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** Verifies a bearer token and that its session is still alive; null when it is not. */
    authenticateToken(token: string | undefined): Promise<AccessClaims | null>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined;
}

/** Reads the bearer token of every request into request.user (null when absent or invalid). */
export const authPlugin = fp<{ tokens: TokenService; now: () => number }>(
  async (app, { tokens, now }) => {
    app.decorate('tokens', tokens);
    const check = async (token: string) => {
      let claims: AccessClaims;
      try {
        claims = await tokens.verifyAccess(token);
      } catch {
        return null;
      }
      // a database error is not a bad token: it propagates (503), it must not sign the user out (401)
      return (await isSessionAlive(app.db, claims.sessionId, new Date(now()))) ? { session: claims, expiresAtMs: claims.exp * 1000 } : null;
    };
    // remembered a few seconds with the embedded database only (modules/auth/sessionCheckCache.ts)
    const checks = sessionChecks<AccessClaims>(app.database.kind, app.database.sessionEndings);
    app.decorate('authenticateToken', async (token: string | undefined) => (token ? checks.verify(token, now(), () => check(token)) : null));
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      if (!token) return;
      const claims = await app.authenticateToken(token);
      if (claims) request.user = { id: claims.userId, role: claims.role, sessionId: claims.sessionId, jti: claims.jti };
    });
  },
  { name: 'auth', dependencies: ['database'] },
);

/** preHandler: 401 unless a signed-in user made the request. */
export const requireUser: preHandlerHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
  if (!request.user) throw new HttpError(401, MESSAGES.authenticationRequired);
};

/** preHandler: 401 for visitors, 403 with `message` for anyone but an admin. */
export function requireAdmin(message: string = MESSAGES.forbidden): preHandlerHookHandler {
  return async (request: FastifyRequest) => {
    if (!request.user) throw new HttpError(401, MESSAGES.authenticationRequired);
    if (request.user.role !== 'admin') throw new HttpError(403, message);
  };
}

/** The signed-in user of a route guarded by requireUser/requireAdmin. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, MESSAGES.authenticationRequired);
  return request.user;
}
