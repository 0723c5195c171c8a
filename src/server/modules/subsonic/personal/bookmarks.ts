import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/open';
import { bookmarks } from '../../../db/schema';
import { songChildren } from '../queries/songChildren';
import { invalidParameter } from '../protocol/errors';
import { assertAllExist } from './ids';
import { removeBookmark, writeBookmark } from '../../bookmarks/service';

/** A bookmark's comment, as long as a playlist's description may be. */
export const BOOKMARK_COMMENT_MAX = 1000;
/** Bookmarks listed per user: far more than any app shows. */
const BOOKMARKS_LISTED = 1000;

export interface BookmarkRequest {
  songId: string;
  positionMs: number;
  comment: string;
}

/** createBookmark: the user's bookmark of a song, made or moved (one per user and song). */
export async function saveBookmark(db: Db, userId: string, request: BookmarkRequest, now: Date): Promise<void> {
  if (request.positionMs < 0) throw invalidParameter('position', 'must not be negative');
  if (request.comment.length > BOOKMARK_COMMENT_MAX) throw invalidParameter('comment', `must be at most ${BOOKMARK_COMMENT_MAX} characters`);
  const [songId] = await assertAllExist(db, 'song', [request.songId]);
  await writeBookmark(db, { userId, songId, positionMs: request.positionMs, comment: request.comment }, now);
}

/** deleteBookmark: the user's own bookmark of the song, if any (never another user's). */
export async function deleteBookmark(db: Db, userId: string, songId: string): Promise<void> {
  const [id] = await assertAllExist(db, 'song', [songId]);
  await removeBookmark(db, userId, id);
}

/** getBookmarks: the user's bookmarks, the latest changed first, each with its song's entry. */
export async function bookmarksOf(db: Db, user: { id: string; username: string }) {
  const rows = await db.select().from(bookmarks).where(eq(bookmarks.userId, user.id)).orderBy(desc(bookmarks.changedAt)).limit(BOOKMARKS_LISTED);
  const children = new Map(
    (
      await songChildren(
        db,
        user.id,
        rows.map((row) => row.songId),
      )
    ).map((child) => [child.id, child]),
  );
  return rows.flatMap((row) => {
    const entry = children.get(row.songId);
    if (!entry) return [];
    return [
      {
        position: row.positionMs,
        username: user.username,
        comment: row.comment || undefined,
        created: row.createdAt.toISOString(),
        changed: row.changedAt.toISOString(),
        entry: { ...entry, bookmarkPosition: row.positionMs },
      },
    ];
  });
}
