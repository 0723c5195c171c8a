import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { LikedEntry } from '../../../contract/liked';
import type { Db } from '../../db/open';
import { likedSongs, songs } from '../../db/schema';
import { assertSongExists } from '../../library/songs/songQueries';
import { presentSongs } from '../../library/songs/presentSongs';
import { songColumns } from '../../library/songs/songColumns';
import { toSongs } from '../../library/songs/toSong';

/** The user's liked songs, newest first, with their songs in the same query; likes of missing songs are kept but not listed (docs/product.md §5.7). */
export async function listLiked(db: Db, userId: string, limit: number, offset: number) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: likedSongs.id, createdAt: likedSongs.createdAt, song: songColumns })
      .from(likedSongs)
      .innerJoin(songs, and(eq(songs.id, likedSongs.songId), presentSongs))
      .where(eq(likedSongs.userId, userId))
      .orderBy(desc(likedSongs.createdAt), desc(likedSongs.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(likedSongs)
      .innerJoin(songs, and(eq(songs.id, likedSongs.songId), presentSongs))
      .where(eq(likedSongs.userId, userId)),
  ]);
  return { rows, total };
}

/** A page of liked entries as the API sends them, and how many the user likes in all. */
export async function likedEntries(db: Db, userId: string, limit: number, offset: number): Promise<{ songs: LikedEntry[]; total: number }> {
  const { rows, total } = await listLiked(db, userId, limit, offset);
  const songList = toSongs(rows.map((r) => r.song));
  return { songs: rows.map((r, i) => ({ id: r.id, createdAt: r.createdAt.toISOString(), song: songList[i] })), total };
}

export async function likedIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ songId: likedSongs.songId }).from(likedSongs).where(eq(likedSongs.userId, userId)).orderBy(desc(likedSongs.createdAt));
  return rows.map((r) => r.songId);
}

export async function isLiked(db: Db, userId: string, songId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: likedSongs.id })
    .from(likedSongs)
    .where(and(eq(likedSongs.userId, userId), eq(likedSongs.songId, songId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Likes or unlikes in one transaction: a like that exists is removed, otherwise one is added.
 * The unique (user, song) index keeps a double click from liking twice.
 */
export async function toggleLike(db: Db, userId: string, songId: string, now: Date): Promise<boolean> {
  await assertSongExists(db, songId);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(likedSongs)
      .where(and(eq(likedSongs.userId, userId), eq(likedSongs.songId, songId)))
      .returning({ id: likedSongs.id });
    if (removed.length > 0) return false;
    await tx.insert(likedSongs).values({ userId, songId, createdAt: now }).onConflictDoNothing();
    return true;
  });
}

/**
 * Likes or unlikes several songs at once, idempotently (the Subsonic star and unstar): liking a
 * liked song keeps its like and its date, unliking an unliked one changes nothing. The caller
 * checks the songs exist.
 */
export async function setLiked(db: Db, userId: string, songIds: readonly string[], liked: boolean, now: Date): Promise<void> {
  const unique = [...new Set(songIds)];
  if (unique.length === 0) return;
  if (liked) {
    await db
      .insert(likedSongs)
      .values(unique.map((songId) => ({ userId, songId, createdAt: now })))
      .onConflictDoNothing();
    return;
  }
  await db.delete(likedSongs).where(and(eq(likedSongs.userId, userId), inArray(likedSongs.songId, unique)));
}
