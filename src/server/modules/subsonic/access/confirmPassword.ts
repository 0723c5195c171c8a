import { MESSAGES } from '../../../../contract/messages';
import { SUBSONIC_MESSAGES } from '../../../../contract/subsonicMessages';
import type { Db } from '../../../db/open';
import { HttpError } from '../../../lib/httpError';
import { checkPasswordGuarded } from '../../auth/passwordGuard';
import { findUserById } from '../../auth/users';

/**
 * The account's password, asked before an API key or an app password is made: a stolen access
 * token lives 15 minutes at most, a credential made with it would not. The check shares the
 * account's sign-in budget (passwordGuard.ts): a token thief gets no more guesses here than at
 * the sign-in. 400 when missing, 403 when wrong, 429 past the budget.
 */
export async function confirmCurrentPassword(db: Db, userId: string, currentPassword: string | undefined, now: Date): Promise<void> {
  if (!currentPassword) throw new HttpError(400, SUBSONIC_MESSAGES.currentPasswordRequired);
  const user = await findUserById(db, userId);
  if (!user) throw new HttpError(401, MESSAGES.userNotFound);
  const ok = await checkPasswordGuarded(db, {
    accountKey: `user:${user.id}`,
    userId: user.id,
    password: currentPassword,
    passwordHash: user.passwordHash,
    device: null,
    now,
  });
  if (!ok) throw new HttpError(403, SUBSONIC_MESSAGES.currentPasswordWrong);
}
