import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { sessions } from '../../db/schema';
import type { SessionEndings } from '../../db/sessionEndings';

/** A session lives 30 days from its last refresh; access tokens inside it live 15 minutes. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export async function createSession(db: Db, userId: string, now: Date) {
  const jti = randomUUID();
  const [row] = await db
    .insert(sessions)
    .values({ userId, currentJti: jti, refreshedAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
    .returning({ id: sessions.id });
  return { sessionId: row.id, jti };
}

export async function isSessionAlive(db: Db, sessionId: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows.length > 0;
}

/**
 * isSessionAlive compiled once (per app, by the auth plugin's bearer check): with PostgreSQL every
 * signed-in request makes this check, and drizzle built its SQL anew each time
 * (docs/decisions/request-path.md). Unnamed, as library/songs/songReads.ts explains.
 */
export function sessionAliveCheck(db: Db): (sessionId: string, now: Date) => Promise<boolean> {
  const statement = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), isNull(sessions.endedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('');
  return async (sessionId, now) => (await statement.execute({ sessionId, now })).length > 0;
}

/**
 * Two tabs of one browser share the stored token and may refresh it at the same moment: the one that
 * comes second still holds the token id the first just replaced. For this long after a rotation the
 * previous id is still accepted, and answered with the session's current id (no second rotation).
 */
export const ROTATION_GRACE_MS = 10_000;

/**
 * Moves a live session to a new token id when `jti` is its newest, and returns it; when `jti` was
 * replaced less than ROTATION_GRACE_MS ago returns the current id unchanged; otherwise null.
 */
export async function rotateSession(db: Db, sessionId: string, jti: string, now: Date): Promise<string | null> {
  const next = randomUUID();
  const rows = await db
    .update(sessions)
    .set({ previousJti: jti, currentJti: next, refreshedAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
    .where(and(eq(sessions.id, sessionId), eq(sessions.currentJti, jti), isNull(sessions.endedAt), gt(sessions.expiresAt, now)))
    .returning({ id: sessions.id });
  if (rows.length) return next;
  const [recent] = await db
    .select({ currentJti: sessions.currentJti })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.previousJti, jti),
        gt(sessions.refreshedAt, new Date(now.getTime() - ROTATION_GRACE_MS)),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  return recent?.currentJti ?? null;
}

/** Ends one session; `endings` (the database's) then empties the session check caches over it. */
export async function endSession(db: Db, sessionId: string, now: Date, endings: SessionEndings): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
  endings.ended();
}

/** Ends every session of a user; `endings` (the database's) then empties the session check caches over it. */
export async function endAllSessions(db: Db, userId: string, now: Date, endings: SessionEndings): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
  endings.ended();
}
