import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { PublicUser } from '../../../contract/auth';
import type { Db } from '../../db/open';
import { users, type UserRow } from '../../db/schema';

export function toPublicUser(row: Pick<UserRow, 'id' | 'username' | 'email' | 'role' | 'createdAt'>): PublicUser {
  return { id: row.id, username: row.username, email: row.email, role: row.role, createdAt: row.createdAt.toISOString() };
}

/** Finds a user by email or by username, both ignoring case. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(loginMatches(login)).limit(1);
  return row;
}

/** The condition on users that a login (an email or a username, either ignoring case) names. */
export function loginMatches(login: string): SQL {
  const value = login.trim().toLowerCase();
  return value.includes('@') ? eq(users.email, value) : sql`lower(${users.username}) = ${value}`;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export type NewUserConflict = 'email' | 'username';

/** Which of email and username (ignoring case) already belongs to someone, if any. */
export async function findConflict(db: Db, email: string, username: string): Promise<NewUserConflict | null> {
  const rows = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(or(eq(users.email, email.toLowerCase()), sql`lower(${users.username}) = ${username.toLowerCase()}`))
    .limit(2);
  if (rows.some((r) => r.email === email.toLowerCase())) return 'email';
  return rows.length ? 'username' : null;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * Inserts a listener (or, from the admin command line, an admin); a taken email or username (also
 * when two sign-ups race) comes back as the conflict.
 */
export async function insertUser(
  db: Db,
  input: { username: string; email: string; passwordHash: string; role?: 'user' | 'admin' },
): Promise<{ user: UserRow } | { conflict: NewUserConflict }> {
  const conflict = await findConflict(db, input.email, input.username);
  if (conflict) return { conflict };
  try {
    const [user] = await db
      .insert(users)
      .values({ username: input.username, email: input.email.toLowerCase(), passwordHash: input.passwordHash, role: input.role ?? 'user' })
      .returning();
    return { user };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { conflict: (await findConflict(db, input.email, input.username)) ?? 'email' };
  }
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}
