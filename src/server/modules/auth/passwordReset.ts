import { AUTH_MESSAGES } from '../../../contract/authMessages';
import { HttpError } from '../../lib/httpError';
import { appAccessRevokedMail } from '../../mail/appAccessRevokedMail';
import { passwordResetMail } from '../../mail/passwordResetMail';
import { revokeAppCredentials, type RevokedAppCredentials } from './appCredentials';
import { claimAttempt, clearAttempts, RESET_REQUEST_LIMIT } from './attempts';
import { hashPassword } from './passwords';
import { consumeResetToken, createResetToken } from './resets';
import type { AuthServiceDeps } from './serviceDeps';
import { endAllSessions } from './sessions';
import { findUserByEmail, findUserById, setPasswordHash } from './users';

type Deps = Pick<AuthServiceDeps, 'db' | 'now' | 'mailer' | 'log' | 'sessionEndings'>;

/**
 * Always answers the same. The mail goes out in the background (handed to `background`), so
 * that neither the answer nor its timing tells whether the address has an account.
 */
export async function forgotPassword(deps: Deps, background: (job: Promise<void>) => void, email: string, origin: string): Promise<void> {
  const allowed = await claimAttempt(deps.db, 'reset_request', `email:${email}`, RESET_REQUEST_LIMIT, new Date(deps.now()));
  if (allowed === null) throw new HttpError(429, AUTH_MESSAGES.tooManyResetRequests);
  background(sendResetMail(deps, email, origin).catch((error: Error) => deps.log.error({ err: error }, 'password reset mail failed')));
}

async function sendResetMail({ db, now, mailer, log }: Deps, email: string, origin: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) {
    log.info('password reset asked for an address without an account');
    return;
  }
  const token = await createResetToken(db, user.id, new Date(now()));
  const link = `${origin}/auth/reset-password?token=${token}`;
  const delivery = await mailer.send(passwordResetMail({ to: user.email, username: user.username, link }));
  if (delivery.via === 'outbox') {
    // The outbox is the delivery channel when no SMTP server is configured: its link is logged on purpose.
    log.info({ file: delivery.file }, `password reset mail written to the outbox; link: ${link}`);
  } else {
    log.info({ messageId: delivery.messageId }, 'password reset mail sent');
  }
}

/**
 * Sets the password from a live reset token, ends every session of that user and revokes their
 * Subsonic app password and API keys (telling them by mail, in the background); returns the user's id.
 */
export async function resetPassword(deps: Deps, background: (job: Promise<void>) => void, token: string, password: string): Promise<string> {
  const { db, now, sessionEndings } = deps;
  const passwordHash = await hashPassword(password);
  const userId = await consumeResetToken(db, token, new Date(now()));
  if (!userId) throw new HttpError(400, AUTH_MESSAGES.resetLinkInvalid);
  await setPasswordHash(db, userId, passwordHash, new Date(now()));
  await endAllSessions(db, userId, new Date(now()), sessionEndings);
  await clearAttempts(db, 'login_failure', `user:${userId}`);
  const revoked = await revokeAppCredentials(db, userId);
  if (revoked.appPassword || revoked.apiKeys > 0) {
    background(sendRevokedMail(deps, userId, revoked).catch((error: Error) => deps.log.error({ err: error }, 'app access revoked mail failed')));
  }
  return userId;
}

async function sendRevokedMail({ db, mailer, log }: Deps, userId: string, revoked: RevokedAppCredentials): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) return;
  await mailer.send(appAccessRevokedMail({ to: user.email, username: user.username, ...revoked }));
  log.info({ apiKeys: revoked.apiKeys, appPassword: revoked.appPassword }, 'app access revoked by a password reset; the owner was mailed');
}
