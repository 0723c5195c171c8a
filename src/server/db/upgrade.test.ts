/**
 * Upgrades lose nothing: databases made at earlier migration levels, filled the way those releases
 * wrote, are brought to today's schema by the app's own migrateDatabase; every row of every table is
 * still there with the values it had, and the migrations' own changes (song sources, artist lists,
 * generated covers) are what they should be. One database serves every level in turn (opening
 * PGlite is the slow part). PGlite here, PostgreSQL in npm run test:pg.
 */
import { rmSync } from 'node:fs';
import { asc, eq, sql } from 'drizzle-orm';
import { createEmptyTestDatabase } from '../test/testDb';
import { fillStatements, IDS, PLAYLIST_ORDER } from '../test/upgrade/fill';
import { migrationJournal, migrationsUpTo } from '../test/upgrade/levels';
import { emptyDatabase, project, snapshot, type Snapshot } from '../test/upgrade/snapshot';
import { migrateDatabase, type Database } from './open';
import { generatedArtworks, playlistSongs, songs, users } from './schema';

/** The releases' levels: the first schema, the library (0005), Subsonic (0007). */
const LEVELS = [1, 6, 8];
/** Columns a later migration rewrites on purpose, by the level before it: 0006 makes every scanned file be read again. */
const rewritten = (table: string, level: number) => (table === 'songs' && level < 7 ? ['file_mtime_ms'] : []);

/** What one level's upgrade left, read before the database is emptied for the next level. */
async function upgradeFrom(database: Database, level: number) {
  await emptyDatabase(database);
  const folder = migrationsUpTo(level);
  try {
    await migrateDatabase(database, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  for (const statement of fillStatements(level)) await database.db.execute(sql.raw(statement));
  const before = await snapshot(database);
  await migrateDatabase(database);
  const after = await snapshot(database);
  const { db } = database;
  const song = async (id: string) => (await db.select().from(songs).where(eq(songs.id, id)))[0];
  const demo = await song(IDS.demo);
  return {
    before,
    after,
    applied: ((await db.execute(sql`select hash from drizzle.__drizzle_migrations`)) as unknown as { rows: { hash: string }[] }).rows.map((r) => r.hash),
    playlistOrder: (await db.select({ songId: playlistSongs.songId }).from(playlistSongs).orderBy(asc(playlistSongs.position))).map((r) => r.songId),
    demo,
    upload: await song(IDS.upload),
    scanned: await song(IDS.scanned),
    covers: demo.artworkHash ? await db.select().from(generatedArtworks).where(eq(generatedArtworks.hash, demo.artworkHash)) : [],
    bob: (await db.select().from(users).where(eq(users.id, IDS.bob)))[0],
  };
}

type Upgraded = Awaited<ReturnType<typeof upgradeFrom>>;
const upgraded = new Map<number, Upgraded>();

beforeAll(async () => {
  const { database } = await createEmptyTestDatabase();
  try {
    for (const level of LEVELS) upgraded.set(level, await upgradeFrom(database, level));
  } finally {
    await database.close();
  }
}, 90_000);

/** Rows lost or changed between two snapshots, on the columns both have (less those rewritten on purpose). */
function differences(before: Snapshot, after: Snapshot, level: number): string[] {
  const found: string[] = [];
  for (const [table, old] of before) {
    const now = after.get(table);
    if (!now) {
      found.push(`${table}: gone`);
      continue;
    }
    const dropped = old.columns.filter((c) => !now.columns.includes(c));
    if (dropped.length) found.push(`${table}: columns ${dropped.join(', ')} gone`);
    const kept = old.columns.filter((c) => now.columns.includes(c) && !rewritten(table, level).includes(c));
    const [was, is] = [project(old.rows, kept), project(now.rows, kept)];
    if (JSON.stringify(was) !== JSON.stringify(is)) found.push(`${table}: rows ${JSON.stringify(was)} became ${JSON.stringify(is)}`);
  }
  return found;
}

describe.each(LEVELS.map((level) => [level]))('a database made at migration level %i', (level) => {
  const get = () => upgraded.get(level)!;

  it('reaches today: every migration recorded once', () => {
    const { applied } = get();
    expect(applied).toHaveLength(migrationJournal().entries.length);
    expect(new Set(applied).size).toBe(applied.length);
  });

  it('keeps every row of every table with the values it had', () => {
    const { before, after } = get();
    expect(differences(before, after, level)).toEqual([]);
    const filled = [...before.values()].reduce((n, t) => n + t.rows.length, 0);
    expect(filled).toBeGreaterThanOrEqual(level >= 8 ? 30 : 20);
  });

  it('gives the old rows what the new columns mean', () => {
    const { playlistOrder, demo, upload, covers, bob } = get();
    expect(playlistOrder).toEqual(PLAYLIST_ORDER);
    expect(upload).toMatchObject({ source: 'upload', artists: ['Ana Flores'], uploadedBy: IDS.alice });
    expect(demo).toMatchObject({ source: 'demo', artists: ['Juniper Vale'] });
    // 0006: a demo song has its generated cover, and the cover's label is there
    expect(covers).toEqual([expect.objectContaining({ hash: demo.artworkHash, label: 'Copper Skylines' })]);
    expect(bob).toMatchObject({ username: 'bob', role: 'user', recordListeningHistory: true });
  });
});

it('level 6: a scanned song is read again by the next scan (0006), its album and artists kept', () => {
  const { scanned } = upgraded.get(6)!;
  expect(scanned).toMatchObject({ source: 'scan', fileMtimeMs: -1, albumId: IDS.album, artists: ['Ana Flores', 'Guest'], trackNumber: 3 });
});
