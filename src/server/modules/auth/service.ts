import type { FastifyBaseLogger } from 'fastify';
import { AUTH_MESSAGES } from '../../../contract/authMessages';
import type { LoginBody, PublicUser, RegisterBody } from '../../../contract/auth';
import { MESSAGES } from '../../../contract/messages';
import type { Db } from '../../db/open';
import { HttpError } from '../../lib/httpError';
import type { Mailer } from '../../mail/mailer';
import { passwordResetMail } from '../../mail/passwordResetMail';
import { claimAttempt, clearAttempts, RESET_REQUEST_LIMIT } from './attempts';
import type { TrustedDevice } from './deviceCookie';
import { checkPasswordGuarded } from './passwordGuard';
import { DUMMY_PASSWORD_HASH, hashPassword } from './passwords';
import { consumeResetToken, createResetToken } from './resets';
import { createSession, endAllSessions, endSession, rotateSession } from './sessions';
import type { AccessClaims, TokenService } from './tokens';
import { findUserById, findUserByLogin, findUserByEmail, insertUser, setPasswordHash, toPublicUser } from './users';

export interface AuthServiceDeps {
  db: Db;
  tokens: TokenService;
  now: () => number;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({ db, tokens, now, mailer, log }: AuthServiceDeps) {
  const date = () => new Date(now());
  /** mail jobs under way; the app waits for them when it closes */
  const pending = new Set<Promise<void>>();

  async function issue(user: { id: string; role: 'user' | 'admin' }) {
    const { sessionId, jti } = await createSession(db, user.id, date());
    const { token } = await tokens.signAccess({ userId: user.id, role: user.role, sessionId, jti });
    return token;
  }

  async function verifyForSession(token: string | undefined): Promise<AccessClaims | null> {
    if (!token) return null;
    try {
      return await tokens.verifyAccess(token, { allowExpired: true });
    } catch {
      return null;
    }
  }

  async function sendResetMail(email: string, origin: string): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (!user) {
      log.info('password reset asked for an address without an account');
      return;
    }
    const token = await createResetToken(db, user.id, date());
    const link = `${origin}/auth/reset-password?token=${token}`;
    const delivery = await mailer.send(passwordResetMail({ to: user.email, username: user.username, link }));
    if (delivery.via === 'outbox') {
      // The outbox is the delivery channel when no SMTP server is configured: its link is logged on purpose.
      log.info({ file: delivery.file }, `password reset mail written to the outbox; link: ${link}`);
    } else {
      log.info({ messageId: delivery.messageId }, 'password reset mail sent');
    }
  }

  return {
    async register(body: RegisterBody): Promise<PublicUser> {
      const result = await insertUser(db, { ...body, passwordHash: await hashPassword(body.password) });
      if ('conflict' in result) {
        throw new HttpError(409, result.conflict === 'email' ? AUTH_MESSAGES.emailTaken : AUTH_MESSAGES.usernameTaken, { field: result.conflict });
      }
      return toPublicUser(result.user);
    },

    /**
     * The same 401 for a wrong password and an unknown account; 5 failures per account per 15
     * minutes, except from a browser whose device cookie names this account (passwordGuard.ts).
     */
    async login(body: LoginBody, device: TrustedDevice | null = null): Promise<{ token: string; user: PublicUser }> {
      const login = body.username.trim().toLowerCase();
      const user = await findUserByLogin(db, login);
      const ok = await checkPasswordGuarded(db, {
        accountKey: user ? `user:${user.id}` : `login:${login}`,
        userId: user?.id ?? null,
        password: body.password,
        passwordHash: user?.passwordHash ?? DUMMY_PASSWORD_HASH,
        device,
        now: date(),
      });
      if (!user || !ok) throw new HttpError(401, MESSAGES.invalidCredentials);
      return { token: await issue(user), user: toPublicUser(user) };
    },

    /** A new token for a live session (the old token may have expired); the session's token id rotates. */
    async refresh(token: string | undefined): Promise<string> {
      if (!token) throw new HttpError(401, MESSAGES.noRefreshToken);
      const claims = await verifyForSession(token);
      if (!claims) throw new HttpError(401, MESSAGES.refreshFailed);
      const user = await findUserById(db, claims.userId);
      const jti = user ? await rotateSession(db, claims.sessionId, claims.jti, date()) : null;
      if (!user || !jti) throw new HttpError(401, MESSAGES.refreshFailed);
      const next = await tokens.signAccess({ userId: user.id, role: user.role, sessionId: claims.sessionId, jti });
      return next.token;
    },

    /** Ends the token's session (also for an expired token) and returns its id; answers null with no or a bad token. */
    async logout(token: string | undefined): Promise<string | null> {
      const claims = await verifyForSession(token);
      if (!claims) return null;
      await endSession(db, claims.sessionId, date());
      return claims.sessionId;
    },

    /**
     * Always answers the same. The mail goes out in the background, so that neither the answer
     * nor its timing tells whether the address has an account.
     */
    async forgotPassword(email: string, origin: string): Promise<void> {
      const allowed = await claimAttempt(db, 'reset_request', `email:${email}`, RESET_REQUEST_LIMIT, date());
      if (allowed === null) throw new HttpError(429, AUTH_MESSAGES.tooManyResetRequests);
      const job = sendResetMail(email, origin).catch((error: Error) => log.error({ err: error }, 'password reset mail failed'));
      pending.add(job);
      void job.finally(() => pending.delete(job));
    },

    /** Sets the password from a live reset token and ends every session of that user; returns the user's id. */
    async resetPassword(token: string, password: string): Promise<string> {
      const passwordHash = await hashPassword(password);
      const userId = await consumeResetToken(db, token, date());
      if (!userId) throw new HttpError(400, AUTH_MESSAGES.resetLinkInvalid);
      await setPasswordHash(db, userId, passwordHash, date());
      await endAllSessions(db, userId, date());
      await clearAttempts(db, 'login_failure', `user:${userId}`);
      return userId;
    },

    /** Resolves when every mail job started so far has finished. */
    async idle(): Promise<void> {
      await Promise.allSettled([...pending]);
    },
  };
}
