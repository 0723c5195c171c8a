import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/open';
import { radioHistory, radioQueue, radioState, sessions, songs, users } from '../../db/schema';
import { rowsOf } from '../../db/rowsOf';
import { isUuid } from '../../lib/uuid';
import { presentSongs } from '../../library/songs/presentSongs';

/** A transaction or the database: every statement here runs on either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface RadioItemRow {
  id: string;
  songId: string;
  title: string;
  artist: string;
  durationMs: number;
  artworkHash: string | null;
  addedById: string | null;
  addedByName: string | null;
  addedAt: Date;
  rgTrackGain: number | null;
  rgTrackPeak: number | null;
  rgAlbumGain: number | null;
  rgAlbumPeak: number | null;
}

export interface RadioStateRow {
  isActive: boolean;
  startedAt: Date | null;
  pausedOffsetMs: number | null;
  currentItemId: string | null;
  /** the current item, null when there is none or its song was deleted */
  current: RadioItemRow | null;
}

const adder = alias(users, 'adder');

/** The state row with its current song and who added it. */
export async function readState(db: Tx): Promise<RadioStateRow> {
  const rows = await db
    .select({
      isActive: radioState.isActive,
      startedAt: radioState.startedAt,
      pausedOffsetMs: radioState.pausedOffsetMs,
      currentItemId: radioState.currentItemId,
      songId: songs.id,
      title: songs.title,
      artist: songs.artist,
      durationMs: songs.durationMs,
      artworkHash: songs.artworkHash,
      rgTrackGain: songs.rgTrackGain,
      rgTrackPeak: songs.rgTrackPeak,
      rgAlbumGain: songs.rgAlbumGain,
      rgAlbumPeak: songs.rgAlbumPeak,
      addedById: radioState.currentAddedBy,
      addedByName: adder.username,
      addedAt: radioState.currentAddedAt,
    })
    .from(radioState)
    .leftJoin(songs, eq(songs.id, radioState.currentSongId))
    .leftJoin(adder, eq(adder.id, radioState.currentAddedBy))
    .where(eq(radioState.id, 1));
  const row = rows[0];
  if (!row) throw new Error('radio_state row missing: migrations not applied');
  const current =
    row.currentItemId && row.songId
      ? {
          id: row.currentItemId,
          songId: row.songId,
          title: row.title!,
          artist: row.artist!,
          durationMs: row.durationMs!,
          artworkHash: row.artworkHash,
          addedById: row.addedById,
          rgTrackGain: row.rgTrackGain,
          rgTrackPeak: row.rgTrackPeak,
          rgAlbumGain: row.rgAlbumGain,
          rgAlbumPeak: row.rgAlbumPeak,
          addedByName: row.addedByName,
          addedAt: row.addedAt ?? new Date(0),
        }
      : null;
  return { isActive: row.isActive, startedAt: row.startedAt, pausedOffsetMs: row.pausedOffsetMs, currentItemId: row.currentItemId, current };
}

/** Locks the state row for the rest of the transaction: radio writes from every instance queue up here. */
export async function lockState(tx: Tx): Promise<void> {
  await tx.select({ id: radioState.id }).from(radioState).where(eq(radioState.id, 1)).for('update');
}

/** Waits for any writer to commit, then keeps writers out until this read-only transaction ends. */
export async function lockStateShared(tx: Tx): Promise<void> {
  await tx.select({ id: radioState.id }).from(radioState).where(eq(radioState.id, 1)).for('share');
}

const itemColumns = {
  id: radioQueue.id,
  songId: radioQueue.songId,
  title: songs.title,
  artist: songs.artist,
  durationMs: songs.durationMs,
  artworkHash: songs.artworkHash,
  rgTrackGain: songs.rgTrackGain,
  rgTrackPeak: songs.rgTrackPeak,
  rgAlbumGain: songs.rgAlbumGain,
  rgAlbumPeak: songs.rgAlbumPeak,
  addedById: radioQueue.addedBy,
  addedByName: adder.username,
  addedAt: radioQueue.addedAt,
};

/** The upcoming queue in play order (the current track is not in it). */
export async function readQueue(db: Tx): Promise<RadioItemRow[]> {
  return db
    .select(itemColumns)
    .from(radioQueue)
    .innerJoin(songs, eq(songs.id, radioQueue.songId))
    .leftJoin(adder, eq(adder.id, radioQueue.addedBy))
    .orderBy(asc(radioQueue.position), asc(radioQueue.addedAt), asc(radioQueue.id));
}

export async function songExists(db: Tx, songId: string): Promise<boolean> {
  const rows = await db
    .select({ id: songs.id })
    .from(songs)
    .where(and(eq(songs.id, songId), presentSongs))
    .limit(1);
  return rows.length > 0;
}

/** Appends a song at the end of the queue; call with the state row locked so positions never collide. */
export async function appendItem(tx: Tx, songId: string, addedBy: string, addedAt: Date): Promise<string> {
  const [row] = await tx
    .insert(radioQueue)
    .values({
      songId,
      addedBy,
      addedAt,
      position: sql`(select coalesce(max(${radioQueue.position}), 0) + 1 from ${radioQueue})`,
    })
    .returning({ id: radioQueue.id });
  return row.id;
}

export async function deleteItem(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx.delete(radioQueue).where(eq(radioQueue.id, id)).returning({ id: radioQueue.id });
  return rows.length > 0;
}

/** Takes the first queued item off the queue and makes it current from `startedAt`; none left: no current track. */
export async function advance(tx: Tx, startedAt: Date): Promise<void> {
  const next = await tx
    .select({ id: radioQueue.id, songId: radioQueue.songId, addedBy: radioQueue.addedBy, addedAt: radioQueue.addedAt })
    .from(radioQueue)
    .orderBy(asc(radioQueue.position), asc(radioQueue.addedAt), asc(radioQueue.id))
    .limit(1);
  const item = next[0];
  if (item) await tx.delete(radioQueue).where(eq(radioQueue.id, item.id));
  await tx
    .update(radioState)
    .set({
      currentItemId: item?.id ?? null,
      currentSongId: item?.songId ?? null,
      currentAddedBy: item?.addedBy ?? null,
      currentAddedAt: item?.addedAt ?? null,
      startedAt: item ? startedAt : null,
      pausedOffsetMs: null,
      updatedAt: sql`now()`,
    })
    .where(eq(radioState.id, 1));
}

/** No current track (the queue stays as it is). */
export async function clearCurrent(tx: Tx): Promise<void> {
  await tx
    .update(radioState)
    .set({ currentItemId: null, currentSongId: null, currentAddedBy: null, currentAddedAt: null, startedAt: null, pausedOffsetMs: null, updatedAt: sql`now()` })
    .where(eq(radioState.id, 1));
}

export async function setActive(tx: Tx, isActive: boolean, startedAt: Date | null, pausedOffsetMs: number | null): Promise<void> {
  await tx
    .update(radioState)
    .set({ isActive, startedAt, pausedOffsetMs, updatedAt: sql`now()` })
    .where(eq(radioState.id, 1));
}

export async function writeHistory(tx: Tx, item: RadioItemRow, startedAt: Date, endedAt: Date, endReason: 'finished' | 'skipped' | 'removed'): Promise<void> {
  await tx.insert(radioHistory).values({
    songId: item.songId,
    title: item.title,
    artist: item.artist,
    addedBy: item.addedById,
    startedAt,
    endedAt,
    endReason,
  });
}

export async function readHistory(db: Tx, limit: number, cursor: number | undefined) {
  return db
    .select({
      id: radioHistory.id,
      songId: radioHistory.songId,
      title: radioHistory.title,
      artist: radioHistory.artist,
      addedById: radioHistory.addedBy,
      addedByName: adder.username,
      startedAt: radioHistory.startedAt,
      endedAt: radioHistory.endedAt,
      endReason: radioHistory.endReason,
    })
    .from(radioHistory)
    .leftJoin(adder, eq(adder.id, radioHistory.addedBy))
    .where(cursor ? lt(radioHistory.id, cursor) : undefined)
    .orderBy(desc(radioHistory.id))
    .limit(limit + 1);
}

/** session ids asked for in one query */
const ALIVE_CHUNK = 2_000;

/**
 * Of the given sessions, those still alive at `now`. The query answers the ones that are not
 * (usually none) and takes the ids as one text parameter: with a parameter per id and a row per
 * alive session, the check for 10,000 listeners held the event loop for ~0.5 s, a skip behind it.
 * An id that is not a uuid names no session.
 */
export async function aliveSessions(db: Tx, sessionIds: string[], now: Date): Promise<Set<string>> {
  const alive = new Set(sessionIds.filter(isUuid));
  const ids = [...alive];
  for (let i = 0; i < ids.length; i += ALIVE_CHUNK) {
    const chunk = ids.slice(i, i + ALIVE_CHUNK).join(',');
    const result = await db.execute(sql`
      select asked.id from unnest(string_to_array(${chunk}, ',')::uuid[]) as asked(id)
      where not exists (
        select 1 from ${sessions} where ${sessions.id} = asked.id and ${sessions.endedAt} is null and ${sessions.expiresAt} > ${now}
      )`);
    for (const row of rowsOf<{ id: string }>(result)) alive.delete(row.id);
  }
  return alive;
}
