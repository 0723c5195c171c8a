import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';
import type { SongRow } from '../../db/schema';
import { insertSongs } from '../../library/test/songFixtures';

const SLOW = 60_000;
let t: TestApp;
let songs: SongRow[];
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  songs = await insertSongs(t.app.db, [185, 240, 3600, 61]);
  owner = await createUser(t);
  other = await createUser(t);
}, SLOW);
afterAll(async () => t?.close());

const [A, B, C, D] = [0, 1, 2, 3];

async function playlistWith(u: TestUser, picks: number[]): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/playlists', headers: u.headers, payload: { name: 'Order' } });
  const { id } = res.json().playlist as { id: string };
  for (const i of picks) {
    const add = await t.app.inject({ method: 'POST', url: `/api/playlists/${id}/songs`, headers: u.headers, payload: { songId: songs[i].id } });
    expect(add.statusCode).toBe(200);
  }
  return id;
}

async function order(id: string, u: TestUser = owner): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/playlists/${id}`, headers: u.headers });
  return (res.json().playlist.songs as { songId: string }[]).map((e) => e.songId);
}

const ids = (picks: number[]) => picks.map((i) => songs[i].id);
const reorder = (id: string, songIds: unknown, u: TestUser = owner) =>
  t.app.inject({ method: 'PUT', url: `/api/playlists/${id}/order`, headers: u.headers, payload: { songIds } });

describe('PUT /api/playlists/:id/order', () => {
  it('saves the new order and answers the playlist in it', async () => {
    const id = await playlistWith(owner, [A, B, C]);
    const res = await reorder(id, ids([C, A, B]));
    expect(res.statusCode).toBe(200);
    const { playlist } = res.json();
    expect(playlist.songs.map((e: { songId: string }) => e.songId)).toEqual(ids([C, A, B]));
    expect(playlist.songs.map((e: { position: number }) => e.position)).toEqual([1, 2, 3]);
    expect(await order(id)).toEqual(ids([C, A, B]));

    // a song added afterwards goes to the end of the new order
    await t.app.inject({ method: 'POST', url: `/api/playlists/${id}/songs`, headers: owner.headers, payload: { songId: songs[D].id } });
    expect(await order(id)).toEqual(ids([C, A, B, D]));
  });

  it.each([
    ['a song missing', [C, A]],
    ['a song twice', [C, A, A]],
    ['a song twice in place of another', [C, A, A, B].slice(1)],
    ['a song not in the playlist', [C, A, D]],
    ['an extra song', [C, A, B, D]],
    ['nothing', []],
  ])('refuses %s with 400 and changes nothing', async (_what, picks) => {
    const id = await playlistWith(owner, [A, B, C]);
    const res = await reorder(id, ids(picks));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: "The new order must list each of the playlist's songs exactly once" });
    expect(await order(id)).toEqual(ids([A, B, C]));
  });

  it('refuses a body that is not a list of song ids with 400', async () => {
    const id = await playlistWith(owner, [A, B]);
    for (const songIds of [undefined, 'x', [1, 2], ['not-an-id', songs[A].id]]) {
      const res = await reorder(id, songIds);
      expect([songIds, res.statusCode]).toEqual([songIds, 400]);
    }
    expect(await order(id)).toEqual(ids([A, B]));
  });

  it("answers 404 for another user's playlist, as for reads, and leaves it alone", async () => {
    const id = await playlistWith(owner, [A, B]);
    const res = await reorder(id, ids([B, A]), other);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Playlist not found' });
    expect(await order(id)).toEqual(ids([A, B]));
    expect((await reorder('not-an-id', ids([B, A]))).statusCode).toBe(404);
  });

  it('keeps a consistent order when reorders and removals race', async () => {
    const id = await playlistWith(owner, [A, B, C, D]);
    const [moved, removed] = await Promise.all([
      reorder(id, ids([D, C, B, A])),
      t.app.inject({ method: 'DELETE', url: `/api/playlists/${id}/songs/${songs[B].id}`, headers: owner.headers }),
    ]);
    expect(removed.json()).toEqual({ success: true, changed: true });
    // either the reorder went first (and the removal then took B out of it), or it found B gone and changed nothing
    const expected = moved.statusCode === 200 ? ids([D, C, A]) : ids([A, C, D]);
    expect([200, 400]).toContain(moved.statusCode);
    expect(await order(id)).toEqual(expected);
  });
});

describe('POST /api/playlists/:id/songs with an index (Undo of a removal)', () => {
  it('puts a removed song back in its place', async () => {
    const id = await playlistWith(owner, [A, B, C]);
    await t.app.inject({ method: 'DELETE', url: `/api/playlists/${id}/songs/${songs[B].id}`, headers: owner.headers });
    expect(await order(id)).toEqual(ids([A, C]));
    const res = await t.app.inject({ method: 'POST', url: `/api/playlists/${id}/songs`, headers: owner.headers, payload: { songId: songs[B].id, index: 1 } });
    expect(res.json()).toEqual({ success: true, changed: true });
    expect(await order(id)).toEqual(ids([A, B, C]));
  });

  it('adds at the start, and at the end when the index is past it; a song already there stays where it is', async () => {
    const id = await playlistWith(owner, [B, C]);
    await t.app.inject({ method: 'POST', url: `/api/playlists/${id}/songs`, headers: owner.headers, payload: { songId: songs[A].id, index: 0 } });
    await t.app.inject({ method: 'POST', url: `/api/playlists/${id}/songs`, headers: owner.headers, payload: { songId: songs[D].id, index: 99 } });
    expect(await order(id)).toEqual(ids([A, B, C, D]));
    const again = await t.app.inject({ method: 'POST', url: `/api/playlists/${id}/songs`, headers: owner.headers, payload: { songId: songs[D].id, index: 0 } });
    expect(again.json()).toEqual({ success: true, changed: false });
    expect(await order(id)).toEqual(ids([A, B, C, D]));
  });

  it("refuses a negative or fractional index with 400, and another user's playlist with 404", async () => {
    const id = await playlistWith(owner, [A]);
    for (const index of [-1, 1.5, '1']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/playlists/${id}/songs`, headers: owner.headers, payload: { songId: songs[B].id, index } });
      expect([index, res.statusCode]).toEqual([index, 400]);
    }
    const res = await t.app.inject({ method: 'POST', url: `/api/playlists/${id}/songs`, headers: other.headers, payload: { songId: songs[B].id, index: 0 } });
    expect(res.statusCode).toBe(404);
    expect(await order(id)).toEqual(ids([A]));
  });
});
