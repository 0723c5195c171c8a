import { createHash } from 'node:crypto';
import { mkdir, rename, truncate, writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { likedSongs, playlistSongs, songs, subsonicApiKeys } from '../../db/schema';
import { createUser, type TestApp, type TestUser } from '../../test/testApp';
import { describeWithFfmpeg, HAS_FFMPEG, makeMusicDir, makeTrack } from './test/makeTracks';
import { createScanApp, scanFoldersNow, scanNow } from './test/scanApp';

/** docs/product.md §5.7: a song whose file goes missing or unreadable is hidden, never deleted, and comes back whole. */
let t: TestApp;
let root: string;
let listener: TestUser;
let admin: TestUser;
let playlistId: string;

const get = (url: string, who: TestUser = listener) => t.app.inject({ method: 'GET', url, headers: who.headers });
const songIdOf = async (title: string) => (await t.app.db.select({ id: songs.id }).from(songs).where(eq(songs.title, title)))[0]?.id;
const listTitles = async () => (await get('/api/songs?limit=200')).json().songs.map((s: { title: string }) => s.title);
const likedIdsVisible = async () => JSON.stringify((await get('/api/liked-songs')).json());
const playlistBody = async () => JSON.stringify((await get(`/api/playlists/${playlistId}`)).json());
const SUBSONIC_KEY = 'missing-songs-test-key';
/** What a Subsonic app finds of the song: search3 and getStarred2 (its likes) through the listener's API key. */
const subsonicSees = async (id: string, title: string) => {
  const query = `apiKey=${SUBSONIC_KEY}&v=1.16.1&c=test&f=json`;
  const search = await t.app.inject({ method: 'GET', url: `/rest/search3?${query}&query=${encodeURIComponent(title)}` });
  const starred = await t.app.inject({ method: 'GET', url: `/rest/getStarred2?${query}` });
  expect(search.json()['subsonic-response'].status).toBe('ok');
  return (search.body + starred.body).includes(id);
};
const likesInDb = async (id: string) => t.app.db.select().from(likedSongs).where(eq(likedSongs.songId, id));
const entriesInDb = async (id: string) => t.app.db.select().from(playlistSongs).where(eq(playlistSongs.songId, id));

/** Likes the song and puts it in the listener's playlist, through the API. */
async function likeAndList(id: string): Promise<void> {
  expect((await t.app.inject({ method: 'POST', url: `/api/liked-songs/${id}/toggle`, headers: listener.headers })).json().liked).toBe(true);
  const added = await t.app.inject({ method: 'POST', url: `/api/playlists/${playlistId}/songs`, headers: listener.headers, payload: { songId: id } });
  expect(added.statusCode).toBe(200);
}

/** The song is visible everywhere a listener looks, liked and in the playlist. */
async function expectVisible(id: string, title: string, album: string): Promise<void> {
  expect(await listTitles()).toContain(title);
  expect(await likedIdsVisible()).toContain(id);
  expect(await playlistBody()).toContain(id);
  expect(JSON.stringify((await get(`/api/search?q=${encodeURIComponent(title)}`)).json().songs)).toContain(id);
  expect(JSON.stringify((await get('/api/albums?limit=100')).json())).toContain(album);
  expect(await subsonicSees(id, title)).toBe(true);
}

/** The song is hidden from every list, its like and playlist entry still in the database. */
async function expectHiddenButKept(id: string, title: string, album: string): Promise<void> {
  expect(await listTitles()).not.toContain(title);
  expect(await likedIdsVisible()).not.toContain(id);
  expect(await playlistBody()).not.toContain(id);
  expect((await get(`/api/search?q=${encodeURIComponent(title)}`)).json().songs).toEqual([]);
  expect(JSON.stringify((await get('/api/albums?limit=100')).json())).not.toContain(album);
  expect(await subsonicSees(id, title)).toBe(false);
  expect(await likesInDb(id)).toHaveLength(1);
  expect(await entriesInDb(id)).toHaveLength(1);
  const [row] = await t.app.db.select({ missingSince: songs.missingSince }).from(songs).where(eq(songs.id, id));
  expect(row.missingSince).toBeInstanceOf(Date);
}

beforeAll(async () => {
  root = await makeMusicDir();
  if (HAS_FFMPEG) {
    await makeTrack(root, 'A/edited.mp3', { frequency: 500, tags: { title: 'Edited', artist: 'Ann', album: 'Tagged' } });
    await makeTrack(root, 'Share/Deep/one.mp3', { frequency: 600, tags: { title: 'On The Share', artist: 'Sol', album: 'Mounted' } });
    await makeTrack(root, 'B/wander.mp3', { frequency: 700, tags: { title: 'Wanderer', artist: 'Wes', album: 'Roads' } });
    await makeTrack(root, 'C/purge.mp3', { frequency: 800, tags: { title: 'Purge Me', artist: 'Pat', album: 'Gone' } });
    await makeTrack(root, 'W/watched.mp3', { frequency: 900, tags: { title: 'Watched', artist: 'Val', album: 'Seen' } });
    await makeTrack(root, 'keep.mp3', { frequency: 400, tags: { title: 'Keeper', artist: 'Kim' } });
  }
  t = await createScanApp(root);
  listener = await createUser(t);
  admin = await createUser(t, { role: 'admin' });
  await t.app.db.insert(subsonicApiKeys).values({ userId: listener.user.id, name: 'test', keyHash: createHash('sha256').update(SUBSONIC_KEY).digest('hex') });
  const created = await t.app.inject({ method: 'POST', url: '/api/playlists', headers: listener.headers, payload: { name: 'Mine' } });
  playlistId = created.json().playlist.id;
  if (HAS_FFMPEG) await scanNow(t);
}, 60_000);
afterAll(async () => t?.close());

describeWithFfmpeg('songs whose file goes missing', () => {
  it('a file truncated to 0 bytes hides its song and keeps its like and playlist entry; restored, it is back with the same id', async () => {
    const id = await songIdOf('Edited');
    await likeAndList(id);
    await expectVisible(id, 'Edited', 'Tagged');
    const file = path.join(root, 'A/edited.mp3');
    const bytes = await readFile(file);
    await truncate(file, 0);

    const gone = await scanNow(t);
    expect(gone.counters.removed).toBe(1);
    await expectHiddenButKept(id, 'Edited', 'Tagged');
    const stream = await get(`/api/songs/stream/${id}`);
    expect(stream.statusCode).toBe(404);
    expect(stream.json().message).toMatch(/file is missing/);
    // still missing at the next scan: nothing is marked again, nothing written
    expect((await scanNow(t)).counters).toMatchObject({ removed: 0, tagsRead: 0, rowsWritten: 0 });

    await writeFile(file, bytes);
    await scanNow(t);
    expect(await songIdOf('Edited')).toBe(id);
    await expectVisible(id, 'Edited', 'Tagged');
    expect((await get(`/api/songs/stream/${id}`)).statusCode).toBe(200);
  });

  it('a file rewritten with bytes that no longer read is marked missing, not deleted', async () => {
    const id = await songIdOf('Edited');
    const file = path.join(root, 'A/edited.mp3');
    const bytes = await readFile(file);
    await writeFile(file, Buffer.alloc(4096, 0));
    await scanNow(t);
    await expectHiddenButKept(id, 'Edited', 'Tagged');
    await writeFile(file, bytes);
    await scanNow(t);
    await expectVisible(id, 'Edited', 'Tagged');
  });

  it('a sub-folder that disappears marks its songs missing; back, they keep their ids, likes and playlist entries', async () => {
    const id = await songIdOf('On The Share');
    await likeAndList(id);
    await rename(path.join(root, 'Share'), path.join(path.dirname(root), `${path.basename(root)}-unmounted`));
    await scanNow(t);
    await expectHiddenButKept(id, 'On The Share', 'Mounted');
    expect((await get('/api/artists?limit=100')).json().artists.map((a: { name: string }) => a.name)).not.toContain('Sol');

    await rename(path.join(path.dirname(root), `${path.basename(root)}-unmounted`), path.join(root, 'Share'));
    await scanNow(t);
    expect(await songIdOf('On The Share')).toBe(id);
    await expectVisible(id, 'On The Share', 'Mounted');
    expect((await get('/api/artists?limit=100')).json().artists.map((a: { name: string }) => a.name)).toContain('Sol');
  });

  it('a missing file that reappears elsewhere with the same content re-takes its id', async () => {
    const id = await songIdOf('Wanderer');
    await likeAndList(id);
    const outside = path.join(path.dirname(root), `${path.basename(root)}-wander.mp3`);
    await rename(path.join(root, 'B/wander.mp3'), outside);
    await scanNow(t);
    await expectHiddenButKept(id, 'Wanderer', 'Roads');

    await mkdir(path.join(root, 'Elsewhere'), { recursive: true });
    await rename(outside, path.join(root, 'Elsewhere/wander-again.mp3'));
    // a targeted scan of the new folder finds the song missing from another one
    await scanFoldersNow(t, [path.join(root, 'Elsewhere')]);
    const [row] = await t.app.db.select().from(songs).where(eq(songs.id, id));
    expect(row).toMatchObject({ filePath: path.join(root, 'Elsewhere/wander-again.mp3'), missingSince: null });
    await expectVisible(id, 'Wanderer', 'Roads');
  });

  it('the watcher marks a truncated file missing and brings it back', async () => {
    const id = await songIdOf('Watched');
    await likeAndList(id);
    const file = path.join(root, 'W/watched.mp3');
    const bytes = await readFile(file);
    t.app.libraryWatcher.start();
    try {
      const waitFor = async (check: () => Promise<boolean>) => {
        const deadline = Date.now() + 15_000;
        while (!(await check())) {
          if (Date.now() > deadline) throw new Error('the watcher did not rescan within 15 s');
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        await t.app.library.whenIdle();
      };
      await truncate(file, 0);
      await waitFor(async () => !(await listTitles()).includes('Watched'));
      await expectHiddenButKept(id, 'Watched', 'Seen');
      await writeFile(file, bytes);
      await waitFor(async () => (await listTitles()).includes('Watched'));
      await expectVisible(id, 'Watched', 'Seen');
    } finally {
      await t.app.libraryWatcher.close();
    }
  }, 40_000);

  it('an admin lists and purges missing songs; a listener may do neither', async () => {
    const id = await songIdOf('Purge Me');
    await likeAndList(id);
    await truncate(path.join(root, 'C/purge.mp3'), 0);
    await scanNow(t);

    expect((await get('/api/library/missing', listener)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/library/missing', headers: listener.headers })).statusCode).toBe(403);
    expect(await likesInDb(id)).toHaveLength(1);

    const listed = await get('/api/library/missing', admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ total: 1, songs: [{ id, title: 'Purge Me', path: 'C/purge.mp3' }] });

    const purged = await t.app.inject({ method: 'DELETE', url: '/api/library/missing', headers: admin.headers });
    expect(purged.json()).toMatchObject({ success: true, purged: 1 });
    expect(await songIdOf('Purge Me')).toBeUndefined();
    expect(await likesInDb(id)).toEqual([]);
    expect(await entriesInDb(id)).toEqual([]);
    expect((await get('/api/library/missing', admin)).json()).toMatchObject({ total: 0, songs: [] });
    expect(await listTitles()).toContain('Keeper');
  });
});
