import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { RegisterBody } from '../../../contract/auth';
import { AUTH_MESSAGES } from '../../../contract/authMessages';
import type { Database, Db } from '../../db/open';
import { users } from '../../db/schema';
import { AdminError } from '../../lib/adminError';
import { hashPassword } from './passwords';
import { findUserByEmail, insertUser } from './users';

/**
 * Accounts as the admin command line sees them (docs/product.md §10): listed and created with the
 * web sign-up's rules. Password and role changes are in accountAccess.ts.
 */
export interface AccountSummary {
  email: string;
  name: string;
  role: 'user' | 'admin';
  /** ISO time */
  created: string;
}

export async function listAccounts(db: Db): Promise<AccountSummary[]> {
  const rows = await db
    .select({ email: users.email, name: users.username, role: users.role, createdAt: users.createdAt })
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.email));
  return rows.map(({ createdAt, ...row }) => ({ ...row, created: createdAt.toISOString() }));
}

/** The first problem zod found, as one line: the sign-up's own messages. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'invalid input';
}

/** Finds an account by email (ignoring case) or refuses with a line naming it. */
export async function requireAccount(db: Db, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new AdminError(`no account with the email ${email.trim().toLowerCase()}`);
  return user;
}

/** A username from the email's local part, made valid and free (numbered when taken). */
async function freeUsername(db: Db, email: string): Promise<string> {
  const base = (email.split('@')[0] ?? '')
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .slice(0, 26)
    .padEnd(3, '0');
  for (let i = 0; i < 100; i++) {
    const candidate = i === 0 ? base : `${base}${i}`;
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, candidate)).limit(1);
    if (!taken) return candidate;
  }
  return `${base.slice(0, 20)}${randomBytes(4).toString('hex')}`;
}

export interface NewAccount {
  email: string;
  /** the username; from the email when absent */
  name?: string;
  password: string;
  role: 'user' | 'admin';
}

/** Creates an account under the web sign-up's rules (username, email, password: docs/product.md §5.1). */
export async function createAccount(database: Database, input: NewAccount): Promise<AccountSummary> {
  const email = input.email.trim().toLowerCase();
  const username = input.name ?? (await freeUsername(database.db, email));
  const parsed = RegisterBody.safeParse({ username, email, password: input.password });
  if (!parsed.success) throw new AdminError(firstIssue(parsed.error));
  const result = await insertUser(database.db, { ...parsed.data, passwordHash: await hashPassword(parsed.data.password), role: input.role });
  if ('conflict' in result) throw new AdminError(result.conflict === 'email' ? AUTH_MESSAGES.emailTaken : AUTH_MESSAGES.usernameTaken);
  const { user } = result;
  return { email: user.email, name: user.username, role: user.role, created: user.createdAt.toISOString() };
}
