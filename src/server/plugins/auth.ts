import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Role } from '../../contract/auth';
import { MESSAGES } from '../../contract/messages';
import { HttpError } from '../lib/httpError';

export interface AuthUser {
  id: string;
  role: Role;
  sessionId: string;
  jti: string;
}

/** What a valid bearer token of a live session says (modules/auth makes and checks them). */
export interface BearerClaims {
  userId: string;
  role: Role;
  sessionId: string;
  jti: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Verifies a bearer token and that its session is still alive; null when it is not. */
    authenticateToken(token: string | undefined): Promise<BearerClaims | null>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

interface AuthPluginOptions {
  /** the token service, decorated as app.tokens for the routes (modules/auth/tokens.ts) */
  tokens: FastifyInstance['tokens'];
  /** given the app (its database), the check of one bearer token (modules/auth/bearerCheck.ts) */
  check: (app: FastifyInstance) => (token: string) => Promise<BearerClaims | null>;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined;
}

/** Reads the bearer token of every request into request.user (null when absent or invalid). */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, { tokens, check }) => {
    app.decorate('tokens', tokens);
    const verify = check(app);
    app.decorate('authenticateToken', async (token: string | undefined) => (token ? verify(token) : null));
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
