import { AUTH_MESSAGES } from '../../../contract/authMessages';
import type { Db } from '../../db/open';
import { HttpError } from '../../lib/httpError';
import { claimAttempt, clearAttempts, DEVICE_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT, releaseAttempt } from './attempts';
import type { TrustedDevice } from './deviceCookie';
import { verifyPassword } from './passwords';

export interface GuardedCheck {
  /** `user:<id>`, or `login:<name>` for an unknown account (limited exactly alike) */
  accountKey: string;
  /** the account's id, when there is one */
  userId: string | null;
  password: string;
  /** the stored hash, or the dummy one for an unknown account (same timing) */
  passwordHash: string;
  /** the request's device cookie, whatever account it names */
  device: TrustedDevice | null;
  now: Date;
}

/**
 * Every check of a user's password (sign-in, the current password on the profile) goes through
 * here, so a guesser gets the same bounded number of tries wherever they guess.
 *
 * A browser whose device cookie names this account has a budget of its own (DEVICE_FAILURE_LIMIT)
 * and is not subject to the account's lock, so an attacker filling the account's bucket does not
 * lock the owner out. When the device has used up its budget it counts as untrusted like any
 * other browser. Everyone else shares the account's bucket (LOGIN_FAILURE_LIMIT): 5 failures per
 * 15 minutes, at most 20 an hour, whatever addresses they rotate through. Throws 429 when the
 * bucket that applies is full; answers whether the password is right otherwise.
 */
export async function checkPasswordGuarded(db: Db, check: GuardedCheck): Promise<boolean> {
  if (check.device && check.userId !== null && check.device.userId === check.userId) {
    const deviceKey = `device:${check.device.nonce}`;
    const attempt = await claimAttempt(db, 'login_failure', deviceKey, DEVICE_FAILURE_LIMIT, check.now);
    if (attempt !== null) return settle(db, attempt, deviceKey, await verifyPassword(check.password, check.passwordHash));
  }
  const attempt = await claimAttempt(db, 'login_failure', check.accountKey, LOGIN_FAILURE_LIMIT, check.now);
  if (attempt === null) throw new HttpError(429, AUTH_MESSAGES.tooManyFailedSignIns);
  return settle(db, attempt, check.accountKey, await verifyPassword(check.password, check.passwordHash));
}

/** A right password takes its attempt back and clears the failures of its bucket; a wrong one stays counted. */
async function settle(db: Db, attempt: number, key: string, ok: boolean): Promise<boolean> {
  if (ok) {
    await releaseAttempt(db, attempt);
    await clearAttempts(db, 'login_failure', key);
  }
  return ok;
}
