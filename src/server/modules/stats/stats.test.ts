import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';
import { playEvents, type SongRow } from '../../db/schema';
import { insertSongs } from '../../library/test/songFixtures';

const SLOW = 60_000;
const DAY = 24 * 60 * 60 * 1000;
// A fixed clock: Wednesday 2026-03-18 12:00 UTC.
const NOW = Date.parse('2026-03-18T12:00:00.000Z');

let t: TestApp;
let songs: SongRow[];
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
  alice = await createUser(t);
  bob = await createUser(t);
  songs = await insertSongs(t.app.db, [60, 120, 180, 240, 300], 'Chart');
}, SLOW);
afterAll(async () => t?.close());

const play = (u: TestUser, id: string, source = 'search') =>
  t.app.inject({ method: 'POST', url: `/api/stats/${id}/increment-play`, headers: u.headers, payload: { source } });
const get = (u: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: u.headers });

/** Seeds plays `daysAgo` before NOW (plus a minute per play so none collide). */
async function seed(user: TestUser, song: SongRow, daysAgo: number, times: number) {
  await t.app.db.insert(playEvents).values(
    Array.from({ length: times }, (_, i) => ({
      userId: user.user.id,
      songId: song.id,
      playedAt: new Date(NOW - daysAgo * DAY - i * 60_000),
      source: 'seed',
    })),
  );
}

describe('play counting', () => {
  it('counts a repeat play by the same user of the same song within 30 s once', async () => {
    const dedupe = await createUser(t);
    const [song] = await insertSongs(t.app.db, [90], 'Dedupe');
    expect((await play(dedupe, song.id)).json()).toEqual({ success: true, counted: true, playCount: 1 });
    t.clock.now += 29_000;
    expect((await play(dedupe, song.id)).json()).toEqual({ success: true, counted: false, playCount: 1 });
    // another listener is another play
    expect((await play(alice, song.id)).json()).toEqual({ success: true, counted: true, playCount: 2 });
    t.clock.now += 2_000; // 31 s after the first counted play
    expect((await play(dedupe, song.id)).json()).toEqual({ success: true, counted: true, playCount: 3 });
    // racing requests (two tabs) still count once
    t.clock.now += 60_000;
    const racing = await Promise.all([play(dedupe, song.id), play(dedupe, song.id), play(dedupe, song.id)]);
    expect(racing.map((r) => r.json().counted).filter(Boolean)).toHaveLength(1);

    const stats = (await get(dedupe, `/api/stats/${song.id}`)).json();
    expect(stats).toEqual({
      success: true,
      stats: { songId: song.id, playCount: 4, uniqueListeners: 2, userPlayCount: 3, lastPlayedAt: new Date(t.clock.now).toISOString() },
    });
    t.clock.now = NOW;
  });

  it('refuses an unknown song and an unknown source', async () => {
    expect((await play(alice, '7c9e6679-7425-40de-944b-e07fc1f90ae7')).statusCode).toBe(404);
    expect((await play(alice, songs[0].id, 'nowhere')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/stats/${songs[0].id}/increment-play` })).statusCode).toBe(401);
  });
});

describe('charts on a fixed clock', () => {
  beforeAll(async () => {
    // last 7 days: s0 x5, s1 x3, s2 x4, s3 x1; the 7 days before: s0 x6, s1 x1, s2 x4, s4 x2; older: s4 x50
    await seed(alice, songs[0], 1, 3);
    await seed(bob, songs[0], 6.9, 2);
    await seed(alice, songs[1], 2, 3);
    await seed(bob, songs[2], 3, 4);
    await seed(alice, songs[3], 0.5, 1);
    await seed(alice, songs[0], 8, 6);
    await seed(bob, songs[1], 13.5, 1);
    await seed(alice, songs[2], 10, 4);
    await seed(bob, songs[4], 9, 2);
    await seed(bob, songs[4], 30, 50);
    // a play "in the future" of the clock is not counted
    await seed(alice, songs[3], -1, 9);
  }, SLOW);

  const ids = (body: { songs: { song: { id: string } }[] }) => body.songs.map((s) => s.song.id);
  const mine = (body: { songs: { song: { id: string } }[] }) => ids(body).filter((id) => songs.some((s) => s.id === id));

  it('top-charts ranks plays of the last 7 days', async () => {
    const body = (await get(alice, '/api/stats/top-charts?limit=50')).json();
    expect(mine(body)).toEqual([songs[0].id, songs[2].id, songs[1].id, songs[3].id]);
    expect(body.songs.filter((s: { song: { id: string } }) => songs.some((x) => x.id === s.song.id)).map((s: { playCount: number }) => s.playCount)).toEqual([
      5, 4, 3, 1,
    ]);
    expect(body.songs[0].song.publicUrl).toMatch(/^\/api\/songs\/stream\//);
  });

  it('trending ranks the rise of the last 7 days over the 7 before', async () => {
    const body = (await get(alice, '/api/stats/trending?limit=50')).json();
    // s1: 3 - 1 = +2, s3: 1 - 0 = +1; s0 fell (5 < 6), s2 stayed (4 = 4), s4 fell
    expect(mine(body)).toEqual([songs[1].id, songs[3].id]);
    expect(body.songs.find((s: { song: { id: string } }) => s.song.id === songs[1].id)).toMatchObject({ playCount: 3, previousPlayCount: 1, change: 2 });
  });

  it('most-played counts all time, and limit bounds the list', async () => {
    const body = (await get(alice, '/api/stats/most-played?limit=50')).json();
    expect(mine(body)[0]).toBe(songs[4].id);
    expect((await get(alice, '/api/stats/most-played?limit=2')).json().songs).toHaveLength(2);
  });

  it("recently-played is the user's own distinct songs, newest first", async () => {
    const body = (await get(bob, '/api/stats/recently-played?limit=10')).json();
    expect(mine(body)).toEqual([songs[2].id, songs[0].id, songs[4].id, songs[1].id]);
  });

  it("user-history pages through the user's own plays", async () => {
    const first = (await get(bob, '/api/stats/user-history?page=1&limit=5')).json();
    expect(first).toMatchObject({ success: true, page: 1, limit: 5, hasMore: true });
    const total = first.total;
    expect(total).toBe(2 + 4 + 1 + 2 + 50);
    const last = (await get(bob, `/api/stats/user-history?page=${Math.ceil(total / 5)}&limit=5`)).json();
    expect(last.hasMore).toBe(false);
    expect(last.history.length).toBe(total % 5 || 5);
    expect(first.history[0]).toMatchObject({ source: 'seed', song: { id: songs[2].id } });
  });

  it('global totals songs, users, plays and minutes', async () => {
    const body = (await get(alice, '/api/stats/global')).json();
    expect(body.success).toBe(true);
    // this file's own database: 6 songs, 3 listeners, 85 seeded plays and 4 counted ones
    expect(body.stats).toEqual({
      totalSongs: 6,
      totalUsers: 3,
      totalPlays: 89,
      totalMinutesPlayed: Math.round((11 * 60 + 4 * 120 + 8 * 180 + 10 * 240 + 52 * 300 + 4 * 90) / 60),
    });
  });

  it("daily gives the user's plays per local day for the last 14 days", async () => {
    const res = await get(alice, '/api/stats/daily?days=14&tzOffset=0');
    expect(res.json()).toMatchObject({ success: true });
    const body = res.json();
    expect(body.days).toHaveLength(14);
    expect(body.days[13]).toEqual({ date: '2026-03-18', plays: 1 });
    expect(body.days[12]).toEqual({ date: '2026-03-17', plays: 3 });
    expect(body.days[11]).toEqual({ date: '2026-03-16', plays: 3 });
    expect(body.days[0].date).toBe('2026-03-05');
    expect(body.days.reduce((sum: number, d: { plays: number }) => sum + d.plays, 0)).toBe(1 + 3 + 3 + 6 + 4);
  });
});
