import { and, asc, eq, not, sql } from 'drizzle-orm';
import { PLAYLIST_MESSAGES } from '../../../contract/playlists';
import type { Db } from '../../db/open';
import { playlists, playlistSongs, songs } from '../../db/schema';
import { HttpError } from '../../lib/httpError';
import { presentSongs } from '../../library/songs/presentSongs';
import { assertSongExists } from '../../library/songs/songQueries';
import type { PlaylistRow } from './repository';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Locks the playlist for the rest of the transaction, so that order changes, additions and
 * removals of the same playlist happen one after another; a playlist deleted meanwhile is not found.
 */
async function lockPlaylist(tx: Tx, id: string): Promise<void> {
  const [locked] = await tx.select({ id: playlists.id }).from(playlists).where(eq(playlists.id, id)).for('update');
  if (!locked) throw new HttpError(404, PLAYLIST_MESSAGES.notFound);
}

async function orderedSongIds(tx: Tx, playlistId: string): Promise<string[]> {
  const rows = await tx
    .select({ songId: playlistSongs.songId })
    .from(playlistSongs)
    .where(eq(playlistSongs.playlistId, playlistId))
    .orderBy(asc(playlistSongs.position), asc(playlistSongs.addedAt), asc(playlistSongs.id));
  return rows.map((r) => r.songId);
}

/** Positions 1..n in the given order, in one statement. */
async function renumber(tx: Tx, playlistId: string, songIds: readonly string[]): Promise<void> {
  if (songIds.length === 0) return;
  const values = sql.join(
    songIds.map((id, i) => sql`(${id}::uuid, ${i + 1}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${playlistSongs} set position = v.position
    from (values ${values}) as v(song_id, position)
    where ${playlistSongs.playlistId} = ${playlistId} and ${playlistSongs.songId} = v.song_id`);
}

export function isPermutation(current: readonly string[], proposed: readonly string[]): boolean {
  if (current.length !== proposed.length) return false;
  const wanted = new Set(proposed);
  return wanted.size === proposed.length && current.every((id) => wanted.has(id));
}

/** The songs of missing files in the playlist (docs/product.md §5.7): hidden from its owner, kept. */
async function hiddenSongIds(tx: Tx, playlistId: string): Promise<string[]> {
  const rows = await tx
    .select({ songId: playlistSongs.songId })
    .from(playlistSongs)
    .innerJoin(songs, and(eq(songs.id, playlistSongs.songId), not(presentSongs)))
    .where(eq(playlistSongs.playlistId, playlistId));
  return rows.map((r) => r.songId);
}

/**
 * Puts the playlist's visible songs in the given order; anything but a permutation of them is a
 * 400 that changes nothing. Entries of missing songs are kept, after them.
 */
export async function reorderSongs(db: Db, row: PlaylistRow, songIds: readonly string[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockPlaylist(tx, row.id);
    const hidden = await hiddenSongIds(tx, row.id);
    const visible = (await orderedSongIds(tx, row.id)).filter((id) => !hidden.includes(id));
    if (!isPermutation(visible, songIds)) throw new HttpError(400, PLAYLIST_MESSAGES.orderMismatch);
    await renumber(tx, row.id, [...songIds, ...hidden]);
    await tx.update(playlists).set({ updatedAt: now }).where(eq(playlists.id, row.id));
  });
}

/**
 * Adds a song at `index` (from 0 in the playlist's order), at the end when left out or past it;
 * adding a song already there changes nothing (idempotent) and does not move it.
 */
export async function addSong(db: Db, row: PlaylistRow, songId: string, now: Date, index?: number): Promise<boolean> {
  await assertSongExists(db, songId);
  return db.transaction(async (tx) => {
    await lockPlaylist(tx, row.id);
    const before = await orderedSongIds(tx, row.id);
    if (before.includes(songId)) return false;
    const inserted = await tx
      .insert(playlistSongs)
      .values({
        playlistId: row.id,
        songId,
        addedAt: now,
        position: sql`(select coalesce(max(${playlistSongs.position}), 0) + 1 from ${playlistSongs} where ${playlistSongs.playlistId} = ${row.id})`,
      })
      .onConflictDoNothing()
      .returning({ id: playlistSongs.id });
    if (inserted.length === 0) return false;
    if (index !== undefined && index < before.length) {
      await renumber(tx, row.id, [...before.slice(0, index), songId, ...before.slice(index)]);
    }
    await tx.update(playlists).set({ updatedAt: now }).where(eq(playlists.id, row.id));
    return true;
  });
}

/** Removes a song; its neighbours keep their positions (the order is what counts, not the numbers). */
export async function removeSong(db: Db, row: PlaylistRow, songId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockPlaylist(tx, row.id);
    const removed = await tx
      .delete(playlistSongs)
      .where(and(eq(playlistSongs.playlistId, row.id), eq(playlistSongs.songId, songId)))
      .returning({ id: playlistSongs.id });
    if (removed.length > 0) await tx.update(playlists).set({ updatedAt: now }).where(eq(playlists.id, row.id));
    return removed.length > 0;
  });
}
