import { randomUUID } from 'node:crypto';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';
import { insertSongs } from '../../library/test/songFixtures';
import { bookmarks, type SongRow } from '../../db/schema';
import { writeBookmark } from './service';

const SLOW = 60_000;
let t: TestApp;
let songs: SongRow[];
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  songs = await insertSongs(t.app.db, [1800, 3600]);
  alice = await createUser(t);
  bob = await createUser(t);
}, SLOW);
afterAll(async () => t?.close());

const url = (songId: string) => `/api/bookmarks/${songId}`;
const get = (u: TestUser, songId: string) => t.app.inject({ method: 'GET', url: url(songId), headers: u.headers });
const put = (u: TestUser, songId: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: url(songId), headers: u.headers, payload: payload as object });
const del = (u: TestUser, songId: string) => t.app.inject({ method: 'DELETE', url: url(songId), headers: u.headers });

describe('bookmarks (docs/product.md §7.9)', () => {
  it('saves, moves, reads and deletes the user own bookmark of a song', async () => {
    const song = songs[0].id;
    expect((await get(alice, song)).json()).toEqual({ success: true, bookmark: null });

    const saved = await put(alice, song, { positionMs: 754_000 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ success: true, bookmark: { songId: song, positionMs: 754_000, changedAt: new Date(t.clock.now).toISOString() } });

    t.clock.now += 5000;
    await put(alice, song, { positionMs: 900_000 });
    expect((await get(alice, song)).json()).toEqual({
      success: true,
      bookmark: { songId: song, positionMs: 900_000, changedAt: new Date(t.clock.now).toISOString() },
    });

    const deleted = await del(alice, song);
    expect(deleted.json()).toEqual({ success: true });
    expect((await get(alice, song)).json()).toEqual({ success: true, bookmark: null });
  });

  it("another user can neither read nor change nor delete a user's bookmark", async () => {
    const song = songs[1].id;
    await put(alice, song, { positionMs: 120_000 });

    expect((await get(bob, song)).json()).toEqual({ success: true, bookmark: null });
    await put(bob, song, { positionMs: 3_000_000 });
    expect(await del(bob, song)).toMatchObject({ statusCode: 200 });

    const hers = (await get(alice, song)).json();
    expect(hers.bookmark.positionMs).toBe(120_000);
    expect((await get(bob, song)).json()).toEqual({ success: true, bookmark: null });
  });

  it('refuses a position that is negative, not whole, missing or beyond the end of the song', async () => {
    const song = songs[0].id; // 1800 s long
    for (const payload of [{ positionMs: -1 }, { positionMs: 1.5 }, { positionMs: '1000' }, {}]) {
      const res = await put(alice, song, payload);
      expect({ payload, status: res.statusCode, message: res.json().message }).toEqual({
        payload,
        status: 400,
        message: 'The position must be a whole number of milliseconds, 0 or more',
      });
    }
    const beyond = await put(alice, song, { positionMs: 1_800_001 });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toEqual({ success: false, message: 'The position is beyond the end of the song' });
    expect((await put(alice, song, { positionMs: 1_800_000 })).statusCode).toBe(200);
  });

  it('answers 404 Song not found for an unknown or malformed song id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      for (const res of [await get(alice, id), await put(alice, id, { positionMs: 0 }), await del(alice, id)]) {
        expect({ id, status: res.statusCode, body: res.json() }).toEqual({ id, status: 404, body: { success: false, message: 'Song not found' } });
      }
    }
  });

  it('needs a signed-in user', async () => {
    const song = songs[0].id;
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: url(song), payload: method === 'PUT' ? { positionMs: 0 } : undefined });
      expect({ method, status: res.statusCode }).toEqual({ method, status: 401 });
    }
  });

  it('is the same bookmark Subsonic apps see: its comment survives a move from the web player', async () => {
    const song = songs[1].id;
    await writeBookmark(t.app.db, { userId: alice.user.id, songId: song, positionMs: 60_000, comment: 'chapter 3' }, new Date(t.clock.now));
    await put(alice, song, { positionMs: 90_000 });
    const rows = await t.app.db.select().from(bookmarks);
    expect(rows.find((r) => r.userId === alice.user.id && r.songId === song)).toMatchObject({ positionMs: 90_000, comment: 'chapter 3' });
  });
});
