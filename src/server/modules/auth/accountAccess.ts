import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AUTH_MESSAGES } from '../../../contract/authMessages';
import { PASSWORD_MIN_LENGTH } from '../../../contract/limits';
import type { Database } from '../../db/open';
import { users } from '../../db/schema';
import { AdminError } from '../../lib/adminError';
import { firstIssue, requireAccount } from './accountAdmin';
import { revokeAppCredentials } from './appCredentials';
import { clearAttempts } from './attempts';
import { hashPassword } from './passwords';
import { createSessionEventBus } from './sessionEvents';
import { endAllSessions } from './sessions';
import { setPasswordHash } from './users';

/** The sign-up's password rule (contract/auth.ts NewPassword): at least 8 characters. */
const NewPassword = z.string().min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort).max(1024);

/**
 * Ends every session of the user, as a password reset does (passwordReset.ts): refresh and every
 * request with their tokens fail at once, and the instances sharing the database close the user's
 * radio sockets (sessionEvents.ts). The sessions are ended already when the notice is lost.
 */
async function signOutEverywhere(database: Database, userId: string, now: Date): Promise<void> {
  await endAllSessions(database.db, userId, now, database.sessionEndings);
  await createSessionEventBus(database)
    .publish({ kind: 'userSessionsEnded', userId })
    .catch(() => undefined);
}

/**
 * Sets a new password (the sign-up's rule), clears the failed sign-ins, signs the user out everywhere
 * and revokes their Subsonic app password and API keys, as a password reset does.
 */
export async function setAccountPassword(database: Database, email: string, password: string, now = new Date()): Promise<{ email: string }> {
  const parsed = NewPassword.safeParse(password);
  if (!parsed.success) throw new AdminError(firstIssue(parsed.error));
  const user = await requireAccount(database.db, email);
  await setPasswordHash(database.db, user.id, await hashPassword(parsed.data), now);
  await clearAttempts(database.db, 'login_failure', `user:${user.id}`);
  await signOutEverywhere(database, user.id, now);
  await revokeAppCredentials(database.db, user.id);
  return { email: user.email };
}

export interface RoleChange {
  email: string;
  role: 'user' | 'admin';
  /** false when the account had that role already */
  changed: boolean;
}

/**
 * Promotes or demotes an account. A demotion signs the user out everywhere (their tokens name the
 * admin role) and is refused for the last admin: the admin rows are locked while they are counted,
 * so two demotions at once cannot both pass.
 */
export async function setAccountRole(database: Database, email: string, role: 'user' | 'admin', now = new Date()): Promise<RoleChange> {
  const user = await requireAccount(database.db, email);
  if (user.role === role) return { email: user.email, role, changed: false };
  const changed = await database.db.transaction(async (tx) => {
    if (role === 'user') {
      const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
      if (!admins.some((a) => a.id === user.id)) return false;
      if (admins.length <= 1) throw new AdminError(`${user.email} is the last admin: promote another account first`);
    }
    await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, user.id));
    return true;
  });
  if (changed && role === 'user') await signOutEverywhere(database, user.id, now);
  return { email: user.email, role, changed };
}
