import { PROFILE_MESSAGES, type UpdateProfileBody } from '../../../contract/profile';
import type { Db } from '../../db/open';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../lib/httpError';
import { checkPasswordGuarded } from '../auth/passwordGuard';
import { emailTaken, updateUser, usernameTaken } from './repository';

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** A new email is checked like a sign-in: the current password, under the sign-in limits. */
async function assertEmailChangeAllowed(db: Db, row: UserRow, input: UpdateProfileBody, now: Date): Promise<void> {
  if (!input.currentPassword) throw new HttpError(400, PROFILE_MESSAGES.currentPasswordRequired);
  // a stolen access token gets no more guesses here than at sign-in (and no device cookie: that one
  // is scoped to /api/auth), see passwordGuard.ts
  const ok = await checkPasswordGuarded(db, {
    accountKey: `user:${row.id}`,
    userId: row.id,
    password: input.currentPassword,
    passwordHash: row.passwordHash,
    device: null,
    now,
  });
  if (!ok) throw new HttpError(403, PROFILE_MESSAGES.currentPasswordWrong);
}

/** Username and email; a field equal to the stored one is no change. Answers the user as stored after. */
export async function updateProfile(db: Db, row: UserRow, input: UpdateProfileBody, now: Date): Promise<UserRow> {
  const changes: { username?: string; email?: string } = {};
  if (input.username !== undefined && input.username !== row.username) {
    if (await usernameTaken(db, input.username, row.id)) throw new HttpError(409, PROFILE_MESSAGES.usernameTaken);
    changes.username = input.username;
  }
  if (input.email !== undefined && input.email !== row.email) {
    await assertEmailChangeAllowed(db, row, input, now);
    if (await emailTaken(db, input.email, row.id)) throw new HttpError(409, PROFILE_MESSAGES.emailTaken);
    changes.email = input.email;
  }
  if (changes.username === undefined && changes.email === undefined) return row;
  try {
    return await updateUser(db, row.id, changes, now);
  } catch (error) {
    // two people taking the same name at once: the unique index decides
    if (isUniqueViolation(error)) throw new HttpError(409, changes.email ? PROFILE_MESSAGES.emailTaken : PROFILE_MESSAGES.usernameTaken);
    throw error;
  }
}
