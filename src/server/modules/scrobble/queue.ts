import { and, asc, count, eq, inArray, lte, sql } from 'drizzle-orm';
import type { ScrobbleService } from '../../../contract/scrobble';
import type { Db } from '../../db/open';
import { rowsOf } from '../../db/rowsOf';
import { scrobbleQueue, type ScrobbleTrack } from '../../db/schema';

/** The durable queue of listens (docs/decisions/scrobbling.md): rows, so nothing is lost across a restart. */

export interface QueueItem {
  id: number;
  userId: string;
  service: ScrobbleService;
  track: ScrobbleTrack;
  listenedAt: Date;
  chosenByUser: boolean;
  attempts: number;
}

/** How long a batch being sent is held from other instances; longer than a call's timeout. */
export const CLAIM_MS = 60_000;

export async function enqueue(
  db: Db,
  rows: { userId: string; service: ScrobbleService; track: ScrobbleTrack; listenedAt: Date; chosenByUser: boolean; now: Date }[],
) {
  if (rows.length === 0) return;
  await db.insert(scrobbleQueue).values(rows.map(({ now, ...r }) => ({ ...r, nextAttemptAt: now, createdAt: now })));
}

/**
 * The (user, service) pairs whose first listen in listened order is due. A pair whose first
 * listen waits (backing off, or claimed by a sender) waits as a whole, so later listens never
 * overtake it.
 */
export async function duePairs(db: Db, now: Date, limit: number): Promise<{ userId: string; service: ScrobbleService }[]> {
  const result = await db.execute(sql`
    select user_id, service from (
      select distinct on (user_id, service) user_id, service, next_attempt_at
      from ${scrobbleQueue}
      order by user_id, service, listened_at, id
    ) firsts
    where next_attempt_at <= ${now.toISOString()}::timestamptz
    limit ${limit}`);
  return rowsOf<{ user_id: string; service: ScrobbleService }>(result).map((r) => ({ userId: r.user_id, service: r.service }));
}

/**
 * Claims the pair's first `max` due listens in listened order: their next attempt moves CLAIM_MS
 * ahead, so another instance leaves them alone; none when another sender took them first.
 */
export async function claimBatch(db: Db, userId: string, service: ScrobbleService, now: Date, max: number): Promise<QueueItem[]> {
  const pair = and(eq(scrobbleQueue.userId, userId), eq(scrobbleQueue.service, service));
  const first = await db
    .select({ id: scrobbleQueue.id, due: lte(scrobbleQueue.nextAttemptAt, now).mapWith(Boolean) })
    .from(scrobbleQueue)
    .where(pair)
    .orderBy(asc(scrobbleQueue.listenedAt), asc(scrobbleQueue.id))
    .limit(max);
  // the due prefix only: a listen still backing off stops the batch there
  const ids: number[] = [];
  for (const row of first) {
    if (!row.due) break;
    ids.push(row.id);
  }
  if (ids.length === 0) return [];
  const claimed = await db
    .update(scrobbleQueue)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    .where(and(inArray(scrobbleQueue.id, ids), lte(scrobbleQueue.nextAttemptAt, now)))
    .returning();
  return claimed
    .map((r) => ({
      id: r.id,
      userId: r.userId,
      service: r.service,
      track: r.track,
      listenedAt: r.listenedAt,
      chosenByUser: r.chosenByUser,
      attempts: r.attempts,
    }))
    .sort((a, b) => a.listenedAt.getTime() - b.listenedAt.getTime() || a.id - b.id);
}

export async function removeItems(db: Db, ids: number[]) {
  if (ids.length) await db.delete(scrobbleQueue).where(inArray(scrobbleQueue.id, ids));
}

/** Another try at `at`, with the attempt counted and the reason kept. */
export async function postpone(db: Db, ids: number[], at: Date, reason: string) {
  if (!ids.length) return;
  await db
    .update(scrobbleQueue)
    .set({ nextAttemptAt: at, attempts: sql`${scrobbleQueue.attempts} + 1`, lastError: reason })
    .where(inArray(scrobbleQueue.id, ids));
}

/** Drops a user's queued listens for one service (its connection went). */
export async function dropPair(db: Db, userId: string, service: ScrobbleService) {
  await db.delete(scrobbleQueue).where(and(eq(scrobbleQueue.userId, userId), eq(scrobbleQueue.service, service)));
}

/** Per service: the user's waiting listens, and how many of them failed at least once. */
export async function queueCounts(db: Db, userId: string) {
  const rows = await db
    .select({
      service: scrobbleQueue.service,
      pending: count(),
      failing: sql<number>`(count(*) filter (where ${scrobbleQueue.attempts} > 0))::int`,
    })
    .from(scrobbleQueue)
    .where(eq(scrobbleQueue.userId, userId))
    .groupBy(scrobbleQueue.service);
  return new Map(rows.map((r) => [r.service, { pending: Number(r.pending), failing: Number(r.failing) }]));
}
