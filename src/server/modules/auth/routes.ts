import type { FastifyPluginAsync } from 'fastify';
import { LoginBody } from '../../../contract/auth';
import { MESSAGES } from '../../../contract/messages';
import { HttpError, parseInput } from '../../lib/httpError';
import { currentUser, requireUser } from '../../plugins/auth';
import type { ModuleOptions } from '../moduleOptions';
import { DUMMY_PASSWORD_HASH, verifyPassword } from './passwords';
import { createSession } from './sessions';
import { findUserById, findUserByLogin, toPublicUser } from './users';

export const authRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { now }) => {
  app.post('/auth/login', async (request) => {
    const body = parseInput(LoginBody, request.body);
    const user = await findUserByLogin(app.db, body.username);
    const ok = await verifyPassword(body.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!user || !ok) throw new HttpError(401, MESSAGES.invalidCredentials);
    const { sessionId, jti } = await createSession(app.db, user.id, new Date(now()));
    const { token } = await app.tokens.signAccess({ userId: user.id, role: user.role, sessionId, jti });
    return { success: true, token: { token, user: toPublicUser(user) } };
  });

  app.get('/auth/me', { preHandler: requireUser }, async (request) => {
    const user = await findUserById(app.db, currentUser(request).id);
    if (!user) throw new HttpError(401, MESSAGES.userNotFound);
    return { success: true, user: toPublicUser(user) };
  });
};
