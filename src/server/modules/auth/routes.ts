import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  MeResponse,
  RefreshBody,
  RefreshResponse,
  RegisterBody,
  RegisterResponse,
  ResetPasswordBody,
} from '../../../contract/auth';
import { AUTH_MESSAGES } from '../../../contract/authMessages';
import { errorResponses, SuccessResponse } from '../../../contract/common';
import { MESSAGES } from '../../../contract/messages';
import { SessionResponse } from '../../../contract/session';
import { HttpError } from '../../lib/httpError';
import { createMailer, type Mailer } from '../../mail/mailer';
import { bearerToken, currentUser, requireUser } from '../../plugins/auth';
import type { ZodApp } from '../../plugins/zodSchemas';
import type { ModuleOptions } from '../moduleOptions';
import { readDeviceCookie, setDeviceCookie } from './deviceCookie';
import { cleanUpAttemptsPeriodically } from './attemptsCleanup';
import { createAuthService, type AuthService } from './service';
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

const tags = ['auth'];

/** What the route groups below share. */
interface AuthContext {
  auth: AuthService;
  /** cookies only over https when the public address is https (a plain-http install would never get them back) */
  secureCookies: boolean;
  /** The sessions are ended in the database already: a lost notice only leaves sockets to the periodic check. */
  announce(event: SessionEvent): Promise<unknown>;
  /** where links in mail point */
  linkOrigin(request: FastifyRequest): string;
}

function signInRoutes(app: ZodApp, { auth, secureCookies }: AuthContext) {
  const registerSchema = { tags, body: RegisterBody, response: { 201: RegisterResponse, ...errorResponses(400, 409, 429) } };
  app.post('/auth/register', { schema: registerSchema, config: addressLimit(ADDRESS_LIMITS.register) }, async (request, reply) => {
    const user = await auth.register(request.body);
    return reply.status(201).send({ success: true, user });
  });

  const loginSchema = { tags, body: LoginBody, response: { 200: LoginResponse, ...errorResponses(400, 401, 429) } };
  app.post('/auth/login', { schema: loginSchema, config: addressLimit(ADDRESS_LIMITS.login) }, async (request, reply) => {
    const { token, user } = await auth.login(request.body, await readDeviceCookie(request, app.tokens));
    await setDeviceCookie(reply, app.tokens, user.id, secureCookies);
    await setStreamCookieFor(reply, app.tokens, token, secureCookies);
    return { success: true as const, token: { token, user } };
  });
}

function sessionRoutes(app: ZodApp, { auth, secureCookies, announce }: AuthContext) {
  app.get('/auth/me', { preValidation: requireUser, schema: { tags, response: { 200: MeResponse, ...errorResponses(401) } } }, async (request, reply) => {
    const { id, sessionId } = currentUser(request);
    const user = await findUserById(app.db, id);
    if (!user) throw new HttpError(401, MESSAGES.userNotFound);
    // a browser signed in before the stream cookie existed gets one on its next page load
    await setStreamCookie(reply, app.tokens, { userId: id, sessionId }, secureCookies);
    return { success: true as const, user: toPublicUser(user) };
  });

  // the cheapest signed-in request: the token check alone, no database beyond it (docs/api/auth.md)
  const sessionSchema = { tags, response: { 200: SessionResponse, ...errorResponses(401) } };
  app.get('/auth/session', { preValidation: requireUser, schema: sessionSchema }, async (request) => {
    const { id, role } = currentUser(request);
    return { success: true as const, userId: id, role };
  });

  const refreshSchema = { tags, body: RefreshBody, response: { 200: RefreshResponse, ...errorResponses(400, 401) } };
  app.post('/auth/refresh', { schema: refreshSchema }, async (request, reply) => {
    const token = await auth.refresh(request.body.token ?? bearerToken(request));
    await setStreamCookieFor(reply, app.tokens, token, secureCookies);
    return { success: true as const, token: { token } };
  });

  app.post('/auth/logout', { schema: { tags, response: { 200: SuccessResponse, ...errorResponses(503) } } }, async (request, reply) => {
    const sessionId = await auth.logout(bearerToken(request));
    clearStreamCookie(reply);
    if (sessionId) await announce({ kind: 'ended', sessionIds: [sessionId] });
    return { success: true as const };
  });
}

function passwordResetRoutes(app: ZodApp, { auth, announce, linkOrigin }: AuthContext) {
  const forgotSchema = { tags, body: ForgotPasswordBody, response: { 200: SuccessResponse, ...errorResponses(400, 429) } };
  app.post('/auth/forgot-password', { schema: forgotSchema, config: addressLimit(ADDRESS_LIMITS.forgotPassword) }, async (request) => {
    await auth.forgotPassword(request.body.email, linkOrigin(request));
    return { success: true as const };
  });

  const resetSchema = { tags, body: ResetPasswordBody, response: { 200: SuccessResponse, ...errorResponses(400, 429) } };
  app.post('/auth/reset-password', { schema: resetSchema, config: addressLimit(ADDRESS_LIMITS.resetPassword) }, async (request) => {
    const userId = await auth.resetPassword(request.body.token, request.body.password);
    await announce({ kind: 'userSessionsEnded', userId });
    return { success: true as const };
  });
}

export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, { config, now, mailer: givenMailer }) => {
  const mailer = givenMailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') });
  const auth = createAuthService({ db: app.db, tokens: app.tokens, now, mailer, log: app.log, sessionEndings: app.database.sessionEndings });
  const sessionEvents = createSessionEventBus(app.database);
  cleanUpAttemptsPeriodically(app, now);
  app.addHook('onClose', async () => {
    await auth.idle();
    if (!givenMailer) mailer.close();
  });

  /**
   * Where links in mail point: PUBLIC_URL, else the address this server listens on. Never the
   * request's Host header, which a caller controls (a forged Host would send the victim a reset
   * link to the attacker's site).
   */
  const linkOrigin = () => {
    if (config.publicUrl) return config.publicUrl;
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  };
  const context: AuthContext = {
    auth,
    secureCookies: config.publicUrl?.startsWith('https:') ?? false,
    announce: (event) => sessionEvents.publish(event).catch((err: unknown) => app.log.warn({ err }, 'session event not published')),
    linkOrigin,
  };
  signInRoutes(app, context);
  sessionRoutes(app, context);
  passwordResetRoutes(app, context);
};
