import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { authAttempts } from '../../db/schema';

export type AttemptKind = 'login_failure' | 'reset_request';

export interface AttemptLimit {
  max: number;
  windowMs: number;
}

/** Strict, per account: a password guesser gets 5 tries per account every 15 minutes. */
export const LOGIN_FAILURE_LIMIT: AttemptLimit = { max: 5, windowMs: 15 * 60_000 };
/** Per device cookie (passwordGuard.ts): the owner's browser, exempt from the account's lock, still gets only 5 tries per 15 minutes. */
export const DEVICE_FAILURE_LIMIT: AttemptLimit = { max: 5, windowMs: 15 * 60_000 };
/** Per email address: at most 5 reset mails an hour, so nobody can flood someone's inbox. */
export const RESET_REQUEST_LIMIT: AttemptLimit = { max: 5, windowMs: 60 * 60_000 };

/** No limit looks back further than this; older attempts are deleted (attemptsCleanup.ts). */
const KEPT_MS = 24 * 60 * 60_000;

/**
 * Records an attempt first and then counts, so that a burst of parallel requests cannot all pass a
 * check made before any of them was recorded. Returns the attempt's id, or null when the limit was
 * already reached (the attempt is then not kept, so waiting always ends the block).
 */
export async function claimAttempt(db: Db, kind: AttemptKind, key: string, limit: AttemptLimit, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - limit.windowMs);
  const [row] = await db.insert(authAttempts).values({ kind, key, at: now }).returning({ id: authAttempts.id });
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(authAttempts)
    .where(and(eq(authAttempts.kind, kind), eq(authAttempts.key, key), gt(authAttempts.at, since)));
  if (Number(count) > limit.max) {
    await releaseAttempt(db, row.id);
    return null;
  }
  return row.id;
}

/** Forgets the attempts older than any limit's window. */
export async function deleteOldAttempts(db: Db, now: Date): Promise<void> {
  await db.delete(authAttempts).where(lt(authAttempts.at, new Date(now.getTime() - KEPT_MS)));
}

/** Takes back one claimed attempt (a sign-in that turned out to be right). */
export async function releaseAttempt(db: Db, id: number): Promise<void> {
  await db.delete(authAttempts).where(eq(authAttempts.id, id));
}

/** Forgets every attempt of a key (a successful sign-in clears the failures before it). */
export async function clearAttempts(db: Db, kind: AttemptKind, key: string): Promise<void> {
  await db.delete(authAttempts).where(and(eq(authAttempts.kind, kind), eq(authAttempts.key, key)));
}

/** How many attempts of a key fall in the limit's window (a check that records nothing). */
export async function countAttempts(db: Db, kind: AttemptKind, key: string, limit: AttemptLimit, now: Date): Promise<number> {
  const since = new Date(now.getTime() - limit.windowMs);
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(authAttempts)
    .where(and(eq(authAttempts.kind, kind), eq(authAttempts.key, key), gt(authAttempts.at, since)));
  return Number(count);
}
