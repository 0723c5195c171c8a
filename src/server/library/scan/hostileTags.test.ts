import { rm } from 'node:fs/promises';
import path from 'node:path';
import { eq, isNull, sql } from 'drizzle-orm';
import { albums, artists, songs } from '../../db/schema';
import { createUser, type TestApp, type TestUser } from '../../test/testApp';
import { INDEX_KEY_MAX_BYTES, TEXT_MAX_CHARS } from './cleanTags';
import { makeHostileTracks, unrepeatedText } from './test/hostileTracks';
import { HAS_FFMPEG, itWithFfmpeg, makeMusicDir, makeTrack } from './test/makeTracks';
import { createScanApp } from './test/scanApp';

let t: TestApp;
let root: string;
let admin: TestUser;
let hostile: string[];
let longPath: string;

/** 15 folders of 200 letters: a path over 3,000 bytes, under Linux's PATH_MAX of 4,096 */
const LONG_FOLDERS = Array.from({ length: 15 }, (_, i) => unrepeatedText(200, 100 + i)).join('/');

beforeAll(async () => {
  root = await makeMusicDir();
  if (HAS_FFMPEG) {
    for (const i of [1, 2, 3]) await makeTrack(root, `Good/${i}.mp3`, { frequency: 300 + i, tags: { title: `Good ${i}`, artist: 'Fine Band', album: 'Fine' } });
    await makeTrack(root, 'Gone/old.mp3', { frequency: 390, tags: { title: 'Old Song', artist: 'Old Band' } });
    hostile = await makeHostileTracks(root, 'Hostile');
    longPath = await makeTrack(root, `${LONG_FOLDERS}/deep.mp3`, { frequency: 395, tags: { title: 'Deep', artist: 'Deep Band' } });
  }
  t = await createScanApp(root);
  admin = await createUser(t, { role: 'admin' });
  // ffmpeg makes the files: slow on a busy machine
}, 120_000);
afterAll(async () => t?.close());

/** Runs a scan to its end and answers what an admin sees of it. */
async function scanAndStatus() {
  expect(await t.app.library.start()).toBe('started');
  await t.app.library.whenIdle();
  const res = await t.app.inject({ method: 'GET', url: '/api/library/scan', headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return res.json().lastResult as { outcome: string; error: string | null; counters: Record<string, number>; skipped: { path: string; reason: string }[] };
}

const byteLength = (value: string) => Buffer.byteLength(value, 'utf8');
const rowByFile = async (name: string) =>
  (
    await t.app.db
      .select()
      .from(songs)
      .where(eq(songs.filePath, path.join(root, 'Hostile', name)))
  )[0];
/** what an admin must never be shown: SQL, its parameters, driver wording */
const SQL_WORDS = /insert into|delete from|select |params|\$\d|failed query|violates|index row|byte sequence/i;

describe('library scan of files with hostile tags (issue 27, items 1 and 6)', () => {
  itWithFfmpeg('writes every hostile file with cleaned, bounded values, and skips the over-long path with its reason', async () => {
    const result = await scanAndStatus();
    expect(result).toMatchObject({ outcome: 'completed', error: null });
    expect(result.counters).toMatchObject({ added: 3 + 1 + hostile.length, failed: 1 });
    expect(result.skipped).toEqual([{ path: longPath, reason: expect.stringMatching(/^path too long for the library \(\d[\d,]* bytes, at most [\d,]+\)$/) }]);

    const nul = await rowByFile('nul-tags.flac');
    expect(nul).toMatchObject({ title: 'NulNULTitle', artist: 'NulNULArtist', album: 'NulNULAlbum', artists: ['NulNULArtist'] });
    expect(nul.lyrics).toEqual({ plain: 'lineNULone' });

    const longTitle = await rowByFile('long-title.flac');
    expect(longTitle.title).toHaveLength(TEXT_MAX_CHARS);
    expect(byteLength(longTitle.sortKey)).toBeLessThanOrEqual(INDEX_KEY_MAX_BYTES);

    const longNames = await rowByFile('long-artist-album.flac');
    const [album] = await t.app.db
      .select()
      .from(albums)
      .where(eq(albums.id, longNames.albumId as string));
    expect(byteLength(album.groupKey)).toBeLessThanOrEqual(INDEX_KEY_MAX_BYTES * 2 + 8);
    expect(album.name).toBe(longNames.album);
    const [artist] = await t.app.db.select().from(artists).where(eq(artists.name, longNames.artists[0]));
    expect(byteLength(artist.sortKey)).toBeLessThanOrEqual(INDEX_KEY_MAX_BYTES);

    const crowd = await rowByFile('many-artists.flac');
    expect(crowd.artists).toHaveLength(50);
    expect(crowd.artists.slice(0, 2)).toEqual(['A0', 'A1']);

    expect(await rowByFile('control-chars.flac')).toMatchObject({ title: 'BellEscapeDeleteEnd', artist: 'CtrlBand' });
    // nothing was lost around them
    const titles = (await t.app.db.select({ title: songs.title }).from(songs).where(isNull(songs.missingSince))).map((s) => s.title);
    expect(titles).toEqual(expect.arrayContaining(['Good 1', 'Good 2', 'Good 3', 'Old Song']));
  });

  itWithFfmpeg('skips a file the database still refuses, with the reason in words, and writes and removes the rest', async () => {
    // a refusal no cleaning can foresee: a trigger refuses one title as the database refuses a bad value
    await t.app.db.execute(
      sql.raw(`create function refuse_title() returns trigger language plpgsql as $$
      begin if new.title = 'Refused Song' then raise exception 'value refused: %', new.file_path using errcode = '22001'; end if; return new; end $$`),
    );
    await t.app.db.execute(sql.raw('create trigger refuse_title before insert or update on songs for each row execute function refuse_title()'));
    try {
      const refused = await makeTrack(root, 'Later/refused.mp3', { frequency: 610, tags: { title: 'Refused Song', artist: 'Late Band' } });
      await makeTrack(root, 'Later/fine.mp3', { frequency: 620, tags: { title: 'Fine Later', artist: 'Late Band' } });
      await rm(path.join(root, 'Gone'), { recursive: true });

      const result = await scanAndStatus();
      expect(result).toMatchObject({ outcome: 'completed', error: null });
      expect(result.counters).toMatchObject({ added: 1, removed: 1, failed: 2 });
      const skip = result.skipped.find((s) => s.path === refused);
      expect(skip?.reason).toBe('the database refused its tags (a value too long)');
      expect(JSON.stringify(result)).not.toMatch(SQL_WORDS);
      const titles = (await t.app.db.select({ title: songs.title }).from(songs).where(isNull(songs.missingSince))).map((s) => s.title);
      expect(titles).toContain('Fine Later');
      expect(titles).not.toContain('Refused Song');
      expect(titles).not.toContain('Old Song');
    } finally {
      await t.app.db.execute(sql.raw('drop trigger refuse_title on songs; drop function refuse_title()'));
    }
  });

  itWithFfmpeg('tells the admin in words why a scan stopped, without its SQL or parameters', async () => {
    await t.app.db.execute(
      sql.raw(`create function refuse_marking() returns trigger language plpgsql as $$
      begin raise exception 'no marking %', old.file_path using errcode = '42501'; end $$`),
    );
    await t.app.db.execute(sql.raw('create trigger refuse_marking before update on songs for each row execute function refuse_marking()'));
    try {
      await rm(path.join(root, 'Later'), { recursive: true });
      const result = await scanAndStatus();
      expect(result.outcome).toBe('failed');
      expect(result.error).toBe(
        'the database refused a change while marking the songs of files that are gone as missing (permission denied); the server log has the details',
      );
      expect(JSON.stringify(result)).not.toMatch(SQL_WORDS);
      expect(result.error).not.toContain(root);
    } finally {
      await t.app.db.execute(sql.raw('drop trigger refuse_marking on songs; drop function refuse_marking()'));
    }
  });
});
