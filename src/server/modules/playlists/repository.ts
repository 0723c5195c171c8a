import { and, asc, count, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { PlaylistDetail, PlaylistSummary } from '../../../contract/playlists';
import { PLAYLIST_MESSAGES } from '../../../contract/playlists';
import type { Db } from '../../db/open';
import { playlists, playlistSongs, songs } from '../../db/schema';
import { HttpError } from '../../lib/httpError';
import { presentSongs } from '../../library/songs/presentSongs';
import { songColumns } from '../../library/songs/songColumns';
import { toSongs } from '../../library/songs/toSong';

export type PlaylistRow = typeof playlists.$inferSelect;

/** The cover's capability key: the random id its file is stored under. */
export function coverKey(coverPath: string | null): string | null {
  return coverPath ? coverPath.replace(/\.[a-z]+$/, '') : null;
}

export function coverUrl(row: Pick<PlaylistRow, 'id' | 'coverPath'>): string | null {
  const key = coverKey(row.coverPath);
  return key ? `/api/playlists/${row.id}/cover?k=${key}` : null;
}

function summary(row: PlaylistRow, trackCount: number, totalMs: number): PlaylistSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    coverImage: coverUrl(row),
    trackCount,
    totalDuration: Math.round(totalMs / 1000),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The user's playlists, newest first, each with its track count and total duration, counted
 * in the same grouped query: two queries whatever the number of playlists.
 */
export async function listPlaylists(db: Db, userId: string, limit: number, offset: number) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        playlist: playlists,
        trackCount: sql<number>`count(${songs.id})::int`,
        totalMs: sql<number>`coalesce(sum(${songs.durationMs}), 0)::float8`,
      })
      .from(playlists)
      .leftJoin(playlistSongs, eq(playlistSongs.playlistId, playlists.id))
      .leftJoin(songs, and(eq(songs.id, playlistSongs.songId), presentSongs))
      .where(eq(playlists.userId, userId))
      .groupBy(playlists.id)
      .orderBy(desc(playlists.createdAt), desc(playlists.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(playlists).where(eq(playlists.userId, userId)),
  ]);
  return { playlists: rows.map((r) => summary(r.playlist, Number(r.trackCount), Number(r.totalMs))), total };
}

/** The playlist if the user owns it; another user's playlist is not found, as a missing one. */
export async function ownedPlaylist(db: Db, userId: string, id: string): Promise<PlaylistRow> {
  const [row] = await db
    .select()
    .from(playlists)
    .where(and(eq(playlists.id, id), eq(playlists.userId, userId)))
    .limit(1);
  if (!row) throw new HttpError(404, PLAYLIST_MESSAGES.notFound);
  return row;
}

/** The playlist's visible entries: those of missing songs are kept, not shown (docs/product.md §5.7). */
export async function playlistDetail(db: Db, row: PlaylistRow): Promise<PlaylistDetail> {
  const entries = await db
    .select({ id: playlistSongs.id, position: playlistSongs.position, addedAt: playlistSongs.addedAt, song: songColumns })
    .from(playlistSongs)
    .innerJoin(songs, and(eq(songs.id, playlistSongs.songId), presentSongs))
    .where(eq(playlistSongs.playlistId, row.id))
    .orderBy(asc(playlistSongs.position), asc(playlistSongs.addedAt), asc(playlistSongs.id));
  const songList = toSongs(entries.map((e) => e.song));
  const totalMs = entries.reduce((sum, e) => sum + e.song.durationMs, 0);
  return {
    ...summary(row, entries.length, totalMs),
    songs: entries.map((e, i) => ({
      id: e.id,
      songId: e.song.id,
      position: e.position,
      addedAt: e.addedAt.toISOString(),
      song: songList[i],
    })),
  };
}

export async function createPlaylist(
  db: Db,
  userId: string,
  input: { name: string; description: string; coverPath: string | null; coverMime: string | null },
  now: Date,
): Promise<PlaylistRow> {
  const [row] = await db
    .insert(playlists)
    .values({ userId, ...input, createdAt: now, updatedAt: now })
    .returning();
  return row;
}

export async function updatePlaylist(
  db: Db,
  row: PlaylistRow,
  changes: Partial<Pick<PlaylistRow, 'name' | 'description' | 'coverPath' | 'coverMime'>>,
  now: Date,
): Promise<PlaylistRow> {
  const [updated] = await db
    .update(playlists)
    .set({ ...changes, updatedAt: now })
    .where(eq(playlists.id, row.id))
    .returning();
  if (!updated) throw new HttpError(404, PLAYLIST_MESSAGES.notFound);
  return updated;
}

export async function deletePlaylist(db: Db, row: PlaylistRow): Promise<void> {
  await db.delete(playlists).where(eq(playlists.id, row.id));
}

/** What the cover route needs of a playlist, found by id alone (the key or the owner's token decides access). */
export async function coverOf(db: Db, id: string) {
  const [row] = await db.query.playlists.findMany({
    where: (p, { eq: is }) => is(p.id, id),
    columns: { userId: true, coverPath: true, coverMime: true },
    limit: 1,
  });
  return row ?? null;
}

/**
 * Rewrites a playlist's songs in one transaction (the Subsonic createPlaylist and updatePlaylist):
 * `next` gets the song ids in their current order and returns the new list. Songs kept keep their
 * entry and date added, songs gone are removed, new ones are added, each song at most once as the
 * web app allows, positions follow the new list. `next` may throw to change nothing. `next` sees
 * only the visible songs; entries of missing songs are kept after them (docs/product.md §5.7).
 */
export async function rewritePlaylistSongs(db: Db, row: PlaylistRow, next: (current: string[]) => readonly string[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: playlists.id }).from(playlists).where(eq(playlists.id, row.id)).for('update');
    if (!locked) throw new HttpError(404, PLAYLIST_MESSAGES.notFound);
    const current = await tx
      .select({ songId: playlistSongs.songId, present: sql<boolean>`${presentSongs}` })
      .from(playlistSongs)
      .innerJoin(songs, eq(songs.id, playlistSongs.songId))
      .where(eq(playlistSongs.playlistId, row.id))
      .orderBy(asc(playlistSongs.position), asc(playlistSongs.addedAt), asc(playlistSongs.id));
    const visible = current.filter((r) => r.present).map((r) => r.songId);
    const hidden = current.filter((r) => !r.present).map((r) => r.songId);
    const wanted = [...new Set([...next(visible), ...hidden])];
    if (wanted.length === 0) {
      await tx.delete(playlistSongs).where(eq(playlistSongs.playlistId, row.id));
    } else {
      await tx.delete(playlistSongs).where(and(eq(playlistSongs.playlistId, row.id), notInArray(playlistSongs.songId, wanted)));
      await tx
        .insert(playlistSongs)
        .values(wanted.map((songId, i) => ({ playlistId: row.id, songId, position: i + 1, addedAt: now })))
        .onConflictDoUpdate({ target: [playlistSongs.playlistId, playlistSongs.songId], set: { position: sql`excluded.position` } });
    }
    await tx.update(playlists).set({ updatedAt: now }).where(eq(playlists.id, row.id));
  });
}
