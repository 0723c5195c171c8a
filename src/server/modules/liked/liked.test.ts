import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';
import { insertSongs } from '../../library/test/songFixtures';
import type { SongRow } from '../../db/schema';

const SLOW = 60_000;
let t: TestApp;
let songs: SongRow[];
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  songs = await insertSongs(t.app.db, [100, 200, 300]);
  alice = await createUser(t);
  bob = await createUser(t);
}, SLOW);
afterAll(async () => t?.close());

const toggle = (u: TestUser, id: string) => t.app.inject({ method: 'POST', url: `/api/liked-songs/${id}/toggle`, headers: u.headers });

describe('liked songs', () => {
  it('toggles a like on and off, and lists, checks and gives ids of the user own likes', async () => {
    expect((await toggle(alice, songs[0].id)).json()).toEqual({ success: true, liked: true });
    t.clock.now += 1000;
    expect((await toggle(alice, songs[2].id)).json()).toEqual({ success: true, liked: true });

    const list = await t.app.inject({ method: 'GET', url: '/api/liked-songs', headers: alice.headers });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.success).toBe(true);
    expect(body.total).toBe(2);
    expect(body.songs.map((s: { song: { id: string } }) => s.song.id)).toEqual([songs[2].id, songs[0].id]);
    const entry = body.songs[1];
    expect(entry).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      song: {
        id: songs[0].id,
        title: songs[0].title,
        artist: songs[0].artist,
        duration: 100,
        path: songs[0].path,
        publicUrl: `/api/songs/stream/${songs[0].id}`,
        createdAt: expect.any(String),
        // issue 14: an uploaded song answers the library fields (untagged here) and its artwork URL
        album: null,
        albumId: null,
        albumArtist: null,
        artists: [songs[0].artist],
        trackNumber: null,
        discNumber: null,
        year: null,
        genres: [],
        codec: null,
        bitRate: null,
        playable: true,
        unplayableReason: null,
        replayGain: { trackGain: null, trackPeak: null, albumGain: null, albumPeak: null },
        artworkUrl: null,
      },
    });

    const ids = await t.app.inject({ method: 'GET', url: '/api/liked-songs/ids', headers: alice.headers });
    expect(ids.json()).toEqual({ success: true, songIds: [songs[2].id, songs[0].id] });
    const check = await t.app.inject({ method: 'GET', url: `/api/liked-songs/${songs[0].id}/check`, headers: alice.headers });
    expect(check.json()).toEqual({ success: true, liked: true });

    expect((await toggle(alice, songs[0].id)).json()).toEqual({ success: true, liked: false });
    const after = await t.app.inject({ method: 'GET', url: `/api/liked-songs/${songs[0].id}/check`, headers: alice.headers });
    expect(after.json()).toEqual({ success: true, liked: false });
  });

  it("a listener cannot read another's likes: every list is the caller's own", async () => {
    await toggle(alice, songs[1].id);
    const bobIds = await t.app.inject({ method: 'GET', url: '/api/liked-songs/ids', headers: bob.headers });
    expect(bobIds.json()).toEqual({ success: true, songIds: [] });
    const bobList = await t.app.inject({ method: 'GET', url: '/api/liked-songs', headers: bob.headers });
    expect(bobList.json()).toEqual({ success: true, songs: [], total: 0 });
    const bobCheck = await t.app.inject({ method: 'GET', url: `/api/liked-songs/${songs[1].id}/check`, headers: bob.headers });
    expect(bobCheck.json()).toEqual({ success: true, liked: false });
  });

  it('requires a signed-in user and a real song', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/liked-songs/ids' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ success: false, message: 'Authentication required' });
    const missing = await toggle(alice, '7c9e6679-7425-40de-944b-e07fc1f90ae7');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Song not found' });
    expect((await toggle(alice, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('two toggles at once never leave two likes behind', async () => {
    const results = await Promise.all([toggle(bob, songs[2].id), toggle(bob, songs[2].id)]);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const ids = (await t.app.inject({ method: 'GET', url: '/api/liked-songs/ids', headers: bob.headers })).json().songIds;
    expect(ids.filter((id: string) => id === songs[2].id).length).toBeLessThanOrEqual(1);
  });
});
