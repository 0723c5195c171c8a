import { eq, sql } from 'drizzle-orm';
import type { PublicUser } from '../../../contract/auth';
import type { Db } from '../../db/open';
import { users, type UserRow } from '../../db/schema';

export function toPublicUser(row: Pick<UserRow, 'id' | 'username' | 'email' | 'role' | 'createdAt'>): PublicUser {
  return { id: row.id, username: row.username, email: row.email, role: row.role, createdAt: row.createdAt.toISOString() };
}

/** Finds a user by email or by username, both ignoring case. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  const where = value.includes('@') ? eq(users.email, value) : sql`lower(${users.username}) = ${value}`;
  const [row] = await db.select().from(users).where(where).limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}
