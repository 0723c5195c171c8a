import path from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ForgotPasswordBody, LoginBody, RefreshBody, RegisterBody, ResetPasswordBody } from '../../../contract/auth';
import { AUTH_MESSAGES } from '../../../contract/authMessages';
import { MESSAGES } from '../../../contract/messages';
import { HttpError, parseInput } from '../../lib/httpError';
import { createMailer, type Mailer } from '../../mail/mailer';
import { bearerToken, currentUser, requireUser } from '../../plugins/auth';
import type { ModuleOptions } from '../moduleOptions';
import { readDeviceCookie, setDeviceCookie } from './deviceCookie';
import { createAuthService } from './service';
import { createSessionEventBus, type SessionEvent } from './sessionEvents';
import { clearStreamCookie, setStreamCookie, setStreamCookieFor } from './streamCookie';
import { findUserById, toPublicUser } from './users';

/**
 * Per network address (request.ip: X-Forwarded-For only as far as TRUST_PROXY trusts it), counted
 * in PostgreSQL when several instances may share it, in memory on PGlite (lib/addressLimitStore.ts).
 * Generous: a school or an office signs in from one address. The strict limits are per account
 * (passwordGuard.ts).
 */
export const ADDRESS_LIMITS = {
  login: { max: 100, timeWindow: 60_000 },
  register: { max: 200, timeWindow: 10 * 60_000 },
  forgotPassword: { max: 30, timeWindow: 10 * 60_000 },
  resetPassword: { max: 60, timeWindow: 10 * 60_000 },
} as const;

const addressLimit = (limit: { max: number; timeWindow: number }) => ({
  rateLimit: { ...limit, errorResponseBuilder: () => new HttpError(429, AUTH_MESSAGES.tooManyAttempts) },
});

export interface AuthRouteOptions extends ModuleOptions {
  /** defaults to SMTP_URL, else the outbox in DATA_DIR */
  mailer?: Mailer;
}

export const authRoutes: FastifyPluginAsync<AuthRouteOptions> = async (app, { config, now, mailer: givenMailer }) => {
  const mailer = givenMailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') });
  const auth = createAuthService({ db: app.db, tokens: app.tokens, now, mailer, log: app.log });
  /** cookies only over https when the public address is https (a plain-http install would never get them back) */
  const secureCookies = config.publicUrl?.startsWith('https:') ?? false;
  const sessionEvents = createSessionEventBus(app.database);
  /** The sessions are ended in the database already: a lost notice only leaves sockets to the periodic check. */
  const announce = (event: SessionEvent) => sessionEvents.publish(event).catch((err: unknown) => app.log.warn({ err }, 'session event not published'));
  app.addHook('onClose', async () => {
    await auth.idle();
    if (!givenMailer) mailer.close();
  });

  /**
   * Where links in mail point: PUBLIC_URL, else the address this server listens on. Never the
   * request's Host header, which a caller controls (a forged Host would send the victim a reset
   * link to the attacker's site).
   */
  const linkOrigin = (_request: FastifyRequest) => {
    if (config.publicUrl) return config.publicUrl;
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  };

  app.post('/auth/register', { config: addressLimit(ADDRESS_LIMITS.register) }, async (request, reply) => {
    const user = await auth.register(parseInput(RegisterBody, request.body));
    return reply.status(201).send({ success: true, user });
  });

  app.post('/auth/login', { config: addressLimit(ADDRESS_LIMITS.login) }, async (request, reply) => {
    const { token, user } = await auth.login(parseInput(LoginBody, request.body), await readDeviceCookie(request, app.tokens));
    await setDeviceCookie(reply, app.tokens, user.id, secureCookies);
    await setStreamCookieFor(reply, app.tokens, token, secureCookies);
    return { success: true, token: { token, user } };
  });

  app.get('/auth/me', { preHandler: requireUser }, async (request, reply) => {
    const { id, sessionId } = currentUser(request);
    const user = await findUserById(app.db, id);
    if (!user) throw new HttpError(401, MESSAGES.userNotFound);
    // a browser signed in before the stream cookie existed gets one on its next page load
    await setStreamCookie(reply, app.tokens, { userId: id, sessionId }, secureCookies);
    return { success: true, user: toPublicUser(user) };
  });

  app.post('/auth/refresh', async (request, reply) => {
    const body = parseInput(RefreshBody, request.body);
    const token = await auth.refresh(body.token ?? bearerToken(request));
    await setStreamCookieFor(reply, app.tokens, token, secureCookies);
    return { success: true, token: { token } };
  });

  app.post('/auth/logout', async (request, reply) => {
    const sessionId = await auth.logout(bearerToken(request));
    clearStreamCookie(reply);
    if (sessionId) await announce({ kind: 'ended', sessionIds: [sessionId] });
    return { success: true };
  });

  app.post('/auth/forgot-password', { config: addressLimit(ADDRESS_LIMITS.forgotPassword) }, async (request) => {
    const { email } = parseInput(ForgotPasswordBody, request.body);
    await auth.forgotPassword(email, linkOrigin(request));
    return { success: true };
  });

  app.post('/auth/reset-password', { config: addressLimit(ADDRESS_LIMITS.resetPassword) }, async (request) => {
    const { token, password } = parseInput(ResetPasswordBody, request.body);
    const userId = await auth.resetPassword(token, password);
    await announce({ kind: 'userSessionsEnded', userId });
    return { success: true };
  });
};
