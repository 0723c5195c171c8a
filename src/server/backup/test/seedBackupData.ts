import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema';
import { insertSongs } from '../../library/test/songFixtures';
import { createUser, type TestApp } from '../../test/testApp';

export const APP_PASSWORD = 'app-password-for-subsonic';

/** Every table schema.ts declares: a round trip must carry each one, so the seed must fill each. */
export function schemaTableNames(): string[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => value instanceof PgTable)
    .map((table) => getTableConfig(table).name)
    .sort();
}

export interface Seeded {
  adminHeaders: { authorization: string };
  userHeaders: { authorization: string };
  playlistId: string;
  /** the playlist's songs in the order the user gave them */
  playlistOrder: string[];
  songIds: string[];
}

async function call(t: TestApp, method: 'POST' | 'PUT', url: string, headers: object, payload?: object) {
  const res = await t.app.inject({ method, url, headers: headers as Record<string, string>, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * Realistic data in every table: through the app's routes where a user would write it (playlists
 * and their order, likes, plays, Music Box votes, the radio queue, Subsonic keys and app password, a radio listen link, a share),
 * rows for the rest (library, artwork, rate limits, ratings), with values that test the text round
 * trip: microsecond timestamps, arrays, JSON, real numbers, quotes and newlines.
 */
export async function seedBackupData(t: TestApp): Promise<Seeded> {
  const admin = await createUser(t, { role: 'admin' });
  const user = await createUser(t, { username: `Zoë "quoted" ${Date.now()}` });
  const songs = await insertSongs(t.app.db, [61, 62, 63, 64, 65], 'Backup');
  const songIds = songs.map((s) => s.id);
  const playlist = await call(t, 'POST', '/api/playlists', user.headers, { name: 'Road\ntrip', description: 'it\'s "great"' });
  const playlistId = playlist.playlist.id as string;
  for (const id of songIds.slice(0, 4)) await call(t, 'POST', `/api/playlists/${playlistId}/songs`, user.headers, { songId: id });
  const playlistOrder = [songIds[2], songIds[0], songIds[3], songIds[1]];
  await call(t, 'PUT', `/api/playlists/${playlistId}/order`, user.headers, { songIds: playlistOrder });
  await call(t, 'POST', `/api/liked-songs/${songIds[1]}/toggle`, user.headers);
  for (const id of [songIds[0], songIds[0], songIds[4]]) await call(t, 'POST', `/api/stats/${id}/increment-play`, user.headers, { source: 'playlist' });
  const suggestion = await call(t, 'POST', '/api/musicbox/suggestions', user.headers, { title: 'Wish', artist: 'Someone' });
  await call(t, 'POST', `/api/musicbox/suggestions/${suggestion.suggestion.id}/toggle-vote`, admin.headers);
  for (const id of [songIds[3], songIds[1]]) await call(t, 'POST', '/api/radio/queue', admin.headers, { songId: id });
  await call(t, 'PUT', '/api/subsonic/password', user.headers, { password: APP_PASSWORD, currentPassword: user.password });
  await call(t, 'POST', '/api/subsonic/keys', user.headers, { name: 'phone', currentPassword: user.password });
  await call(t, 'POST', '/api/radio/listen-url', user.headers);
  const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
  await call(t, 'POST', '/api/shares', user.headers, { kind: 'song', ids: songIds.slice(0, 2), description: 'a "shared"\nmix', expiresAt, downloadable: true });
  await seedRows(t, admin.user.id, user.user.id, songIds);
  return { adminHeaders: admin.headers, userHeaders: user.headers, playlistId, playlistOrder, songIds };
}

/** The tables no route of a test reaches easily, written as the services write them. */
async function seedRows(t: TestApp, adminId: string, userId: string, songIds: string[]): Promise<void> {
  const db = t.app.db;
  const [album] = await db
    .insert(schema.albums)
    .values({ name: 'Album', albumArtist: 'Artist', groupKey: `g${Date.now()}`, sortKey: 'album', year: 1999 })
    .returning();
  const [artist] = await db
    .insert(schema.artists)
    .values({ name: 'Artist', sortKey: `artist${Date.now()}` })
    .returning();
  await db
    .update(schema.songs)
    .set({
      albumId: album.id,
      genres: ['Rock', 'a,b "c"', 'Ünïcode'],
      artists: ['A', 'B'],
      rgTrackGain: -6.37,
      rgTrackPeak: 0.987654,
      lyrics: { plain: 'la\nla', synced: [{ timeMs: 1500, text: 'la' }] },
    })
    .where(sql`${schema.songs.id} = ${songIds[0]}`);
  await db.insert(schema.folderImages).values({ path: '/music/a/cover.jpg', hash: 'h1', sizeBytes: 12345, mtimeMs: 1_700_000_000_123 });
  await db.insert(schema.generatedArtworks).values({ hash: 'g1', label: 'Album' });
  await db.insert(schema.brokenArtworks).values({ hash: 'b1', reason: 'Input buffer has corrupt header' });
  await db.insert(schema.itemRatings).values({ userId, itemKind: 'album', itemId: album.id, rating: 4 });
  await db.insert(schema.itemStars).values({ userId, itemKind: 'artist', itemId: artist.id });
  await db.insert(schema.playQueues).values({ userId, songIds: songIds.slice(0, 3), currentSongId: songIds[1], positionMs: 42_000, changedBy: 'app' });
  await db.insert(schema.bookmarks).values({ userId, songId: songIds[2], positionMs: 93_500, comment: 'the bridge' });
  await db.insert(schema.scrobbleConnections).values({ userId, service: 'listenbrainz', secret: 'v1:iv:tag:body', username: 'lb-user' });
  await db.insert(schema.scrobbleQueue).values({
    userId,
    service: 'listenbrainz',
    track: { artist: 'Queued', title: 'Listen', album: null, durationMs: 200_000, trackNumber: 3, artistMbids: [] },
    listenedAt: new Date('2026-01-02T03:04:05.678Z'),
    chosenByUser: false,
    attempts: 2,
    lastError: 'HTTP 503',
  });
  await db.insert(schema.passwordResets).values({ userId, tokenHash: 'reset-hash', expiresAt: new Date(Date.now() + 3_600_000) });
  await db.insert(schema.addressLimits).values({ key: 'login:127.0.0.1', count: 3, resetAt: new Date() });
  await db.execute(sql`insert into auth_attempts (kind, key, at) values ('login_failure', ${userId}, '2026-01-02 03:04:05.123456+00')`);
  const started = new Date(Date.now() - 120_000);
  await db
    .insert(schema.radioHistory)
    .values({ songId: songIds[2], title: 'Played', artist: 'Before', addedBy: adminId, startedAt: started, endedAt: new Date(), endReason: 'finished' });
  await db.update(schema.radioState).set({ isActive: true, currentSongId: songIds[4], currentAddedBy: adminId, startedAt: started, pausedOffsetMs: 1234 });
}
