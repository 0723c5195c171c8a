import { and, eq } from 'drizzle-orm';
import type { Bookmark } from '../../../contract/bookmarks';
import { MESSAGES } from '../../../contract/messages';
import type { Db } from '../../db/open';
import { bookmarks, songs } from '../../db/schema';
import { HttpError } from '../../lib/httpError';

/*
 * Bookmarks: where each user left a song (docs/product.md §4.4). The one write and delete of the
 * table, shared by the web API (routes.ts) and Subsonic's createBookmark/deleteBookmark
 * (subsonic/personal/bookmarks.ts); each caller checks its input in its own protocol first.
 */

export interface BookmarkWrite {
  userId: string;
  songId: string;
  positionMs: number;
  /** Subsonic's comment; left as it is when absent (the web player only moves the position) */
  comment?: string;
}

/** The user's bookmark of the song, made or moved (one per user and song). */
export async function writeBookmark(db: Db, { userId, songId, positionMs, comment }: BookmarkWrite, now: Date): Promise<Bookmark> {
  const set = { positionMs, changedAt: now, ...(comment === undefined ? {} : { comment }) };
  const [row] = await db
    .insert(bookmarks)
    .values({ userId, songId, positionMs, comment: comment ?? '', createdAt: now, changedAt: now })
    .onConflictDoUpdate({ target: [bookmarks.userId, bookmarks.songId], set })
    .returning();
  return toBookmark(row);
}

const toBookmark = (row: typeof bookmarks.$inferSelect): Bookmark => ({
  songId: row.songId,
  positionMs: row.positionMs,
  changedAt: row.changedAt.toISOString(),
});

/** The user's own bookmark of the song, if any (never another user's). */
export async function removeBookmark(db: Db, userId: string, songId: string): Promise<void> {
  await db.delete(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.songId, songId)));
}

/** The user's own bookmark of the song, or null. */
export async function bookmarkOf(db: Db, userId: string, songId: string): Promise<Bookmark | null> {
  const [row] = await db
    .select()
    .from(bookmarks)
    .where(and(eq(bookmarks.userId, userId), eq(bookmarks.songId, songId)))
    .limit(1);
  return row ? toBookmark(row) : null;
}

/** The song's length in ms; 404 `Song not found` when there is no such song. */
async function songDurationMs(db: Db, songId: string): Promise<number> {
  const [row] = await db.select({ durationMs: songs.durationMs }).from(songs).where(eq(songs.id, songId)).limit(1);
  if (!row) throw new HttpError(404, MESSAGES.songNotFound);
  return row.durationMs;
}

/** The web player's save: the position must lie within the song (docs/product.md §5.5). */
export async function saveOwnBookmark(db: Db, userId: string, songId: string, positionMs: number, now: Date): Promise<Bookmark> {
  if (positionMs > (await songDurationMs(db, songId))) throw new HttpError(400, MESSAGES.bookmarkBeyondEnd);
  // the upsert answers the row it left: no read after the write
  return writeBookmark(db, { userId, songId, positionMs }, now);
}

export async function ownBookmark(db: Db, userId: string, songId: string): Promise<Bookmark | null> {
  await songDurationMs(db, songId);
  return bookmarkOf(db, userId, songId);
}

export async function deleteOwnBookmark(db: Db, userId: string, songId: string): Promise<void> {
  await songDurationMs(db, songId);
  await removeBookmark(db, userId, songId);
}
