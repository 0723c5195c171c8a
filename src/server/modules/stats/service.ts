import { and, asc, count, desc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import { PLAY_DEDUPE_WINDOW_MS } from '../../../contract/limits';
import { CHART_WINDOW_DAYS, type DailyPlays, type GlobalStats, type SongStats } from '../../../contract/stats';
import type { Db } from '../../db/open';
import { playEvents, songs, users } from '../../db/schema';
import { assertSongExists } from '../../library/songs/songQueries';
import { songColumns } from '../../library/songs/songColumns';
import { presentSongs } from '../../library/songs/presentSongs';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Counts a play unless the same user started the same song less than 30 s ago. The check and the
 * insert run under a transaction-scoped advisory lock on (user, song), so two requests racing
 * (two tabs, a double click) still count once on PostgreSQL as on PGlite. A user who turned
 * "Record my listening history" off (docs/product.md §2.10) gets nothing recorded, whatever a
 * device sends.
 */
export async function recordPlay(db: Db, userId: string, songId: string, source: string, now: Date) {
  return countPlay(db, userId, songId, source, now, null);
}

/**
 * recordPlay for a play that happened at `playedAt` (not after now), as a Subsonic scrobble sent
 * late says: it is a repeat when another play of the song lies within 30 s on either side.
 */
export async function recordPlayAt(db: Db, userId: string, songId: string, source: string, playedAt: Date) {
  return countPlay(db, userId, songId, source, playedAt, new Date(playedAt.getTime() + PLAY_DEDUPE_WINDOW_MS));
}

async function countPlay(db: Db, userId: string, songId: string, source: string, now: Date, until: Date | null) {
  await assertSongExists(db, songId);
  const since = new Date(now.getTime() - PLAY_DEDUPE_WINDOW_MS);
  const window = until ? and(gt(playEvents.playedAt, since), lt(playEvents.playedAt, until)) : gt(playEvents.playedAt, since);
  const counted = await db.transaction(async (tx) => {
    const [user] = await tx.select({ record: users.recordListeningHistory }).from(users).where(eq(users.id, userId));
    if (!user?.record) return false;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`play:${userId}:${songId}`}))`);
    const [recent] = await tx
      .select({ id: playEvents.id })
      .from(playEvents)
      .where(and(eq(playEvents.userId, userId), eq(playEvents.songId, songId), window))
      .limit(1);
    if (recent) return false;
    await tx.insert(playEvents).values({ userId, songId, source, playedAt: now });
    return true;
  });
  const [{ playCount }] = await db.select({ playCount: count() }).from(playEvents).where(eq(playEvents.songId, songId));
  return { counted, playCount };
}

export async function songStats(db: Db, userId: string, songId: string): Promise<SongStats> {
  await assertSongExists(db, songId);
  const [row] = await db
    .select({
      playCount: sql<number>`count(*)::int`,
      uniqueListeners: sql<number>`count(distinct ${playEvents.userId})::int`,
      userPlayCount: sql<number>`(count(*) filter (where ${playEvents.userId} = ${userId}))::int`,
      lastPlayedAt: sql<Date | string | null>`max(${playEvents.playedAt})`,
    })
    .from(playEvents)
    .where(eq(playEvents.songId, songId));
  return {
    songId,
    playCount: Number(row?.playCount ?? 0),
    uniqueListeners: Number(row?.uniqueListeners ?? 0),
    userPlayCount: Number(row?.userPlayCount ?? 0),
    lastPlayedAt: row?.lastPlayedAt ? new Date(row.lastPlayedAt).toISOString() : null,
  };
}

const playCountCol = sql<number>`count(${playEvents.id})::int`;

/** All-time plays of every listener. */
export async function mostPlayed(db: Db, limit: number) {
  const rows = await db
    .select({ song: songColumns, playCount: playCountCol })
    .from(playEvents)
    .innerJoin(songs, eq(songs.id, playEvents.songId))
    .groupBy(songs.id)
    .orderBy(desc(playCountCol), asc(songs.sortKey), asc(songs.id))
    .limit(limit);
  return rows.map((r) => ({ song: r.song, playCount: Number(r.playCount) }));
}

/** Plays of the last 7 days, by everyone. */
export async function topCharts(db: Db, now: Date, limit: number) {
  const from = new Date(now.getTime() - CHART_WINDOW_DAYS * DAY_MS);
  const rows = await db
    .select({ song: songColumns, playCount: playCountCol })
    .from(playEvents)
    .innerJoin(songs, eq(songs.id, playEvents.songId))
    .where(and(gt(playEvents.playedAt, from), lte(playEvents.playedAt, now)))
    .groupBy(songs.id)
    .orderBy(desc(playCountCol), asc(songs.sortKey), asc(songs.id))
    .limit(limit);
  return rows.map((r) => ({ song: r.song, playCount: Number(r.playCount) }));
}

/**
 * Songs played more in the last 7 days than in the 7 before, biggest rise first (then most
 * plays, then title).
 */
export async function trending(db: Db, now: Date, limit: number) {
  const split = new Date(now.getTime() - CHART_WINDOW_DAYS * DAY_MS);
  const from = new Date(now.getTime() - 2 * CHART_WINDOW_DAYS * DAY_MS);
  const current = sql<number>`(count(*) filter (where ${playEvents.playedAt} > ${split.toISOString()}::timestamptz))::int`;
  const previous = sql<number>`(count(*) filter (where ${playEvents.playedAt} <= ${split.toISOString()}::timestamptz))::int`;
  const rows = await db
    .select({ song: songColumns, playCount: current, previousPlayCount: previous })
    .from(playEvents)
    .innerJoin(songs, eq(songs.id, playEvents.songId))
    .where(and(gt(playEvents.playedAt, from), lte(playEvents.playedAt, now)))
    .groupBy(songs.id)
    .having(sql`${current} > ${previous}`)
    .orderBy(sql`${current} - ${previous} desc`, desc(current), asc(songs.sortKey), asc(songs.id))
    .limit(limit);
  return rows.map((r) => {
    const playCount = Number(r.playCount);
    const previousPlayCount = Number(r.previousPlayCount);
    return { song: r.song, playCount, previousPlayCount, change: playCount - previousPlayCount };
  });
}

/** The user's own songs, each once, most recently played first. */
export async function recentlyPlayed(db: Db, userId: string, limit: number) {
  const last = sql<Date | string>`max(${playEvents.playedAt})`;
  const rows = await db
    .select({ song: songColumns, lastPlayedAt: last })
    .from(playEvents)
    .innerJoin(songs, eq(songs.id, playEvents.songId))
    .where(eq(playEvents.userId, userId))
    .groupBy(songs.id)
    .orderBy(desc(last), asc(songs.id))
    .limit(limit);
  return rows.map((r) => ({ song: r.song, lastPlayedAt: new Date(r.lastPlayedAt).toISOString() }));
}

/** The user's plays, newest first, a page at a time. */
export async function userHistory(db: Db, userId: string, page: number, limit: number) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: playEvents.id, playedAt: playEvents.playedAt, source: playEvents.source, song: songColumns })
      .from(playEvents)
      .innerJoin(songs, eq(songs.id, playEvents.songId))
      .where(eq(playEvents.userId, userId))
      .orderBy(desc(playEvents.playedAt), desc(playEvents.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(playEvents).where(eq(playEvents.userId, userId)),
  ]);
  return { rows, total };
}

export async function globalStats(db: Db): Promise<GlobalStats> {
  const [row] = await db
    .select({
      totalSongs: sql<number>`(select count(*) from ${songs} where ${presentSongs})::int`,
      totalUsers: sql<number>`(select count(*) from ${users})::int`,
      totalPlays: sql<number>`(select count(*) from ${playEvents})::int`,
      totalMs: sql<number>`(select coalesce(sum(s.duration_ms), 0) from ${playEvents} pe join ${songs} s on s.id = pe.song_id)::float8`,
    })
    .from(sql`(select 1) as one`);
  return {
    totalSongs: Number(row.totalSongs),
    totalUsers: Number(row.totalUsers),
    totalPlays: Number(row.totalPlays),
    totalMinutesPlayed: Math.round(Number(row.totalMs) / 60_000),
  };
}

/**
 * The user's plays per local day over the last `days` days (today included), oldest first,
 * with empty days as 0. `tzOffset` is the browser's getTimezoneOffset() in minutes.
 */
export async function dailyPlays(db: Db, userId: string, now: Date, days: number, tzOffset: number): Promise<DailyPlays[]> {
  const offsetMs = tzOffset * 60_000;
  const localToday = Math.floor((now.getTime() - offsetMs) / DAY_MS) * DAY_MS;
  const localStart = localToday - (days - 1) * DAY_MS;
  const start = new Date(localStart + offsetMs);
  // numbers we computed, written inline so the select and the group by are the same expression
  const bucket = sql<number>`floor((extract(epoch from ${playEvents.playedAt}) * 1000 - ${sql.raw(String(start.getTime()))}) / ${sql.raw(String(DAY_MS))})::int`;
  const rows = await db
    .select({ day: bucket, plays: sql<number>`count(*)::int` })
    .from(playEvents)
    .where(and(eq(playEvents.userId, userId), sql`${playEvents.playedAt} >= ${start.toISOString()}::timestamptz`, lte(playEvents.playedAt, now)))
    .groupBy(bucket);
  const byDay = new Map(rows.map((r) => [Number(r.day), Number(r.plays)]));
  return Array.from({ length: days }, (_, i) => ({
    date: new Date(localStart + i * DAY_MS).toISOString().slice(0, 10),
    plays: byDay.get(i) ?? 0,
  }));
}
