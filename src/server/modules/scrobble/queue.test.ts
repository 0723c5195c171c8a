import { eq } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { users, type SongRow } from '../../db/schema';
import { insertSong, insertSongs } from '../../library/test/songFixtures';
import { createUser, type TestApp, type TestUser } from '../../test/testApp';
import { createTestDatabase } from '../../test/testDb';
import { BACKOFF_BASE_MS } from './sender';
import type { MockListenBrainz } from './test/mockListenBrainz';
import { appFor, arrivals, connectListenBrainz, listened, queued, startListenBrainzKit } from './test/scrobbleKit';

const SLOW = 60_000;
let lb: MockListenBrainz;
let clock: { now: number };
let database: Database;
let t: TestApp;
let songs: SongRow[];

beforeAll(async () => {
  ({ lb, clock } = await startListenBrainzKit());
  database = await createTestDatabase();
  t = await appFor(lb, clock, { database });
  songs = await insertSongs(t.app.db, [200, 180, 240, 20]);
}, SLOW);
afterAll(async () => {
  await t?.close();
  await database?.close();
  await lb?.close();
});

async function listener(): Promise<TestUser> {
  const user = await createUser(t);
  expect((await connectListenBrainz(t, user)).statusCode).toBe(200);
  return user;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

beforeEach(() => {
  lb.received.length = 0;
  lb.refused.length = 0;
  lb.failNext(0, 500);
  lb.rateLimit(0);
});

describe('the scrobble queue (docs/product.md §5.10)', () => {
  it('sends a listen once its song reached the scrobble point, as a single listen with the song and its start time', async () => {
    const user = await listener();
    const startedAt = new Date(clock.now - 100_000);
    expect((await listened(t, user, songs[0].id, startedAt)).json()).toEqual({ success: true, queued: 1 });
    await t.app.scrobble.runDue();
    expect(arrivals(lb)).toEqual([
      {
        type: 'single',
        listened_at: seconds(startedAt),
        track_metadata: expect.objectContaining({ artist_name: songs[0].artist, track_name: songs[0].title }),
      },
    ]);
    expect(await queued(t.app.db, user.user.id)).toEqual([]);
  });

  it('keeps the time of a listen sent late (made offline) up to 14 days back, refuses an older one, and takes a future one as now', async () => {
    const user = await listener();
    const day = 24 * 60 * 60_000;
    const lateStart = new Date(clock.now - 13 * day);
    expect((await listened(t, user, songs[0].id, lateStart)).json()).toEqual({ success: true, queued: 1 });
    const tooOld = await listened(t, user, songs[1].id, new Date(clock.now - 15 * day));
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json().message).toBe('startedAt: a listen older than 14 days cannot be scrobbled');
    expect((await listened(t, user, songs[2].id, new Date(clock.now + 5 * 60_000))).json()).toEqual({ success: true, queued: 1 });
    await t.app.scrobble.runDue();
    expect(arrivals(lb).map((a) => [a.track_metadata.track_name, a.listened_at])).toEqual([
      [songs[0].title, seconds(lateStart)],
      [songs[2].title, seconds(new Date(clock.now))],
    ]);
  });

  it('retries after 5xx with a growing backoff, then the listen arrives once', async () => {
    const user = await listener();
    lb.failNext(2, 503);
    await listened(t, user, songs[1].id);
    await t.app.scrobble.runDue();
    let [row] = await queued(t.app.db, user.user.id);
    expect(row).toMatchObject({ attempts: 1, lastError: expect.stringContaining('HTTP 503') });
    expect(row.nextAttemptAt.getTime()).toBe(clock.now + BACKOFF_BASE_MS);

    // not due yet: nothing is sent
    clock.now += BACKOFF_BASE_MS - 1000;
    await t.app.scrobble.runDue();
    expect(lb.refused).toHaveLength(1);

    clock.now += 1000;
    await t.app.scrobble.runDue();
    [row] = await queued(t.app.db, user.user.id);
    expect(row).toMatchObject({ attempts: 2 });
    expect(row.nextAttemptAt.getTime()).toBe(clock.now + 2 * BACKOFF_BASE_MS);

    clock.now += 2 * BACKOFF_BASE_MS;
    await t.app.scrobble.runDue();
    expect(arrivals(lb).map((l) => l.track_metadata.track_name)).toEqual([songs[1].title]);
    expect(await queued(t.app.db, user.user.id)).toEqual([]);
  });

  it('honours 429 with X-RateLimit-Reset-In: nothing is sent before the reset', async () => {
    const user = await listener();
    lb.rateLimit(90);
    await listened(t, user, songs[2].id);
    await t.app.scrobble.runDue();
    const [row] = await queued(t.app.db, user.user.id);
    expect(row.lastError).toContain('HTTP 429');
    expect(row.nextAttemptAt.getTime()).toBe(clock.now + 90_000);

    clock.now += 89_000;
    await t.app.scrobble.runDue();
    expect(lb.refused.filter((r) => r.status === 429)).toHaveLength(1);
    clock.now += 1000;
    await t.app.scrobble.runDue();
    expect(arrivals(lb)).toHaveLength(1);
  });

  it('drops a listen the service refuses with 400, logging the reason, and goes on with the next', async () => {
    const user = await listener();
    lb.failNext(1, 400);
    await listened(t, user, songs[0].id);
    await t.app.scrobble.runDue();
    expect(await queued(t.app.db, user.user.id)).toEqual([]);
    expect(lb.refused).toEqual([{ status: 400, error: 'Told to fail' }]);
    await listened(t, user, songs[1].id);
    await t.app.scrobble.runDue();
    expect(arrivals(lb).map((l) => l.track_metadata.track_name)).toEqual([songs[1].title]);
  });

  it("drops a listen over ListenBrainz's 10240 bytes before sending, so the listens around it still arrive", async () => {
    const user = await listener();
    const huge = await insertSong(t.app.db, { title: 'x'.repeat(11_000), artist: 'Long Titles', durationMs: 200_000 });
    await lb.down();
    await listened(t, user, songs[0].id, new Date(clock.now - 300_000));
    await listened(t, user, huge.id, new Date(clock.now - 200_000));
    await listened(t, user, songs[1].id, new Date(clock.now - 100_000));
    await t.app.scrobble.runDue();
    await lb.up();
    clock.now += 2 * 60 * 60_000;
    await t.app.scrobble.runDue();
    expect(arrivals(lb).map((l) => l.track_metadata.track_name)).toEqual([songs[0].title, songs[1].title]);
    expect(lb.refused.filter((r) => r.status === 400)).toEqual([]);
    expect(await queued(t.app.db, user.user.id)).toEqual([]);
  });

  it('after an outage (connections refused) the listens arrive in listened order with their own times, in one import', async () => {
    const user = await listener();
    await lb.down();
    const base = clock.now;
    const heard = [songs[2], songs[0], songs[1]];
    for (const [i, song] of heard.entries()) {
      clock.now = base + i * 200_000;
      await listened(t, user, song.id, new Date(clock.now - 100_000));
      await t.app.scrobble.runDue();
    }
    const waiting = await queued(t.app.db, user.user.id);
    expect(waiting).toHaveLength(3);
    expect(waiting.find((r) => r.attempts > 0)?.lastError).toMatch(/network error/);

    await lb.up();
    clock.now += 2 * 60 * 60_000;
    await t.app.scrobble.runDue();
    const got = arrivals(lb);
    expect(got.map((l) => l.track_metadata.track_name)).toEqual(heard.map((s) => s.title));
    expect(got.map((l) => l.listened_at)).toEqual(heard.map((_, i) => seconds(new Date(base + i * 200_000 - 100_000))));
    expect(new Set(got.map((l) => l.type))).toEqual(new Set(['import']));
    expect(await queued(t.app.db, user.user.id)).toEqual([]);
  });

  it('keeps the queue across a restart: a new app on the same database sends what the old one could not', async () => {
    const user = await listener();
    await lb.down();
    await listened(t, user, songs[0].id);
    await listened(t, user, songs[2].id);
    await t.app.scrobble.runDue();
    await t.close();
    expect(await queued(database.db, user.user.id)).toHaveLength(2);

    await lb.up();
    clock.now += 2 * 60 * 60_000;
    t = await appFor(lb, clock, { database });
    await lb.waitFor(() => arrivals(lb).length === 2);
    expect(arrivals(lb).map((l) => l.track_metadata.track_name)).toEqual([songs[0].title, songs[2].title]);
    await t.app.scrobble.runDue();
    expect(await queued(t.app.db, user.user.id)).toEqual([]);
  });

  it('"Record my listening history" off: nothing is queued or sent, not even now playing', async () => {
    const user = await listener();
    await t.app.db.update(users).set({ recordListeningHistory: false }).where(eq(users.id, user.user.id));
    expect((await listened(t, user, songs[0].id)).json()).toEqual({ success: true, queued: 0 });
    const np = await t.app.inject({ method: 'POST', url: '/api/scrobble/now-playing', headers: user.headers, payload: { songId: songs[0].id } });
    expect(np.statusCode).toBe(200);
    await t.app.scrobble.runDue();
    expect(await queued(t.app.db, user.user.id)).toEqual([]);
    expect(lb.received).toEqual([]);
  });

  it('a song of 30 s or less is never scrobbled; now playing is sent as playing_now', async () => {
    const user = await listener();
    expect((await listened(t, user, songs[3].id)).json()).toEqual({ success: true, queued: 0 });
    await t.app.inject({ method: 'POST', url: '/api/scrobble/now-playing', headers: user.headers, payload: { songId: songs[0].id } });
    expect(lb.received).toEqual([
      { listen_type: 'playing_now', payload: [{ track_metadata: expect.objectContaining({ track_name: songs[0].title, artist_name: songs[0].artist }) }] },
    ]);
  });
});
