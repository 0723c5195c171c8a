import { and, asc, count, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { songs } from '../../db/schema';
import { refreshArtwork } from '../artwork/refreshArtwork';
import { removeEmptyAlbums, removeOrphanArtists } from './writeBatch';

/**
 * The scan's last phase (docs/product.md §5.7): songs whose file is gone or no longer reads are
 * marked missing, never deleted, so a file a tag editor or sync client rewrites for a moment, or a
 * share that is unmounted, keeps its likes, plays and playlist entries. Songs already marked keep
 * the time they were first found missing. Answers the songs newly marked.
 */
export async function markMissing(db: Db, ids: string[], batchSize: number): Promise<number> {
  let marked = 0;
  for (let i = 0; i < ids.length; i += batchSize) {
    const rows = await db
      .update(songs)
      .set({ missingSince: sql`now()` })
      .where(and(inArray(songs.id, ids.slice(i, i + batchSize)), isNull(songs.missingSince)))
      .returning({ id: songs.id });
    marked += rows.length;
  }
  return marked;
}

/** Songs whose file this scan read again (at its path or moved): present again, with the same id. */
export async function clearMissing(db: Db, ids: string[], batchSize: number): Promise<number> {
  let cleared = 0;
  for (let i = 0; i < ids.length; i += batchSize) {
    const rows = await db
      .update(songs)
      .set({ missingSince: null })
      .where(and(inArray(songs.id, ids.slice(i, i + batchSize)), isNotNull(songs.missingSince)))
      .returning({ id: songs.id });
    cleared += rows.length;
  }
  return cleared;
}

/** The songs marked missing, longest missing first, at most `limit`, and how many there are. */
export async function listMissing(db: Db, limit: number) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: songs.id, title: songs.title, artist: songs.artist, album: songs.album, path: songs.path, missingSince: songs.missingSince })
      .from(songs)
      .where(isNotNull(songs.missingSince))
      .orderBy(asc(songs.missingSince), asc(songs.id))
      .limit(limit),
    db.select({ total: count() }).from(songs).where(isNotNull(songs.missingSince)),
  ]);
  return { songs: rows.map((r) => ({ ...r, missingSince: (r.missingSince as Date).toISOString() })), total };
}

/**
 * An admin's purge: the songs marked missing are deleted, with their likes, plays and playlist
 * entries (by cascade), then albums and artists nothing credits any more. Answers the songs deleted.
 */
export async function purgeMissing(db: Db): Promise<number> {
  const deleted = await db.delete(songs).where(isNotNull(songs.missingSince)).returning({ id: songs.id });
  if (deleted.length) {
    await removeEmptyAlbums(db);
    await removeOrphanArtists(db);
    await refreshArtwork(db, null);
  }
  return deleted.length;
}
