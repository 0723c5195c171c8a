import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/open';
import { playQueues } from '../../../db/schema';
import { songChildren } from '../queries/songChildren';

export interface SavedQueue {
  songIds: string[];
  currentSongId: string | null;
  positionMs: number;
  changedBy: string;
}

/** savePlayQueue: the user's one queue, replaced whole; an empty list clears it. */
export async function saveQueue(db: Db, userId: string, queue: SavedQueue, now: Date): Promise<void> {
  if (queue.songIds.length === 0) {
    await db.delete(playQueues).where(eq(playQueues.userId, userId));
    return;
  }
  const values = { ...queue, changedAt: now };
  await db
    .insert(playQueues)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: playQueues.userId, set: values });
}

/** getPlayQueue's answer, or null when the user has no queue (or all its songs are gone). */
export async function queueOf(db: Db, user: { id: string; username: string }) {
  const [row] = await db.select().from(playQueues).where(eq(playQueues.userId, user.id)).limit(1);
  if (!row) return null;
  const entry = await songChildren(db, user.id, row.songIds);
  if (entry.length === 0) return null;
  const current = row.currentSongId && entry.some((child) => child.id === row.currentSongId) ? row.currentSongId : undefined;
  return {
    current,
    position: current ? row.positionMs : 0,
    username: user.username,
    changed: row.changedAt.toISOString(),
    changedBy: row.changedBy,
    entry,
  };
}
