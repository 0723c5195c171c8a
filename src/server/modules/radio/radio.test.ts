import { desc, eq } from 'drizzle-orm';
import type { RadioHistoryResponse, RadioSnapshot } from '../../../contract/radio';
import { radioHistory, songs } from '../../db/schema';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';
import { createTestDatabase } from '../../test/testDb';
import { insertSong } from './test/helpers';

let t: TestApp;
let admin: TestUser;
let listener: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  listener = await createUser(t);
});
afterAll(async () => t.close());

async function snapshot(user: TestUser = listener): Promise<RadioSnapshot> {
  const res = await t.app.inject({ method: 'GET', url: '/api/radio/queue', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const asAdmin = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

/** Stops the radio and empties it, so each test starts from a known state (with tokens fresh for the moved clock). */
async function reset() {
  admin = await createUser(t, { role: 'admin' });
  listener = await createUser(t);
  let s = await snapshot();
  if (s.isRadioActive) await asAdmin('POST', '/api/radio/toggle');
  s = await snapshot();
  for (const item of [...s.queue, ...(s.currentTrack ? [s.currentTrack] : [])]) await asAdmin('DELETE', `/api/radio/queue/${item.id}`);
  s = await snapshot();
  expect(s.queue).toEqual([]);
  expect(s.currentTrack).toBeNull();
}

describe('radio permissions', () => {
  it('refuses every admin action to a listener with the message of the spec', async () => {
    const song = await insertSong(t.app.db);
    const cases = [
      { method: 'POST' as const, url: '/api/radio/queue', payload: { songId: song.id }, message: 'Only admins can add tracks to the queue' },
      { method: 'DELETE' as const, url: '/api/radio/queue/00000000-0000-4000-8000-000000000000', message: 'Only admins can remove tracks from the queue' },
      { method: 'POST' as const, url: '/api/radio/skip', message: 'Only admins can skip tracks' },
      { method: 'POST' as const, url: '/api/radio/toggle', message: 'Only admins can toggle radio status' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: c.method, url: c.url, headers: listener.headers, ...(c.payload ? { payload: c.payload } : {}) });
      expect({ url: c.url, status: res.statusCode, body: res.json() }).toEqual({ url: c.url, status: 403, body: { success: false, message: c.message } });
      const visitor = await t.app.inject({ method: c.method, url: c.url, ...(c.payload ? { payload: c.payload } : {}) });
      expect(visitor.statusCode).toBe(401);
    }
  });

  it('lets only signed-in users read the queue and the history', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/radio/queue' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/radio/history' })).statusCode).toBe(401);
  });
});

describe('queue, toggle, skip and the clock', () => {
  beforeEach(reset);

  it('answers the whole state with the server time', async () => {
    const s = await snapshot();
    expect(s).toEqual({ success: true, queue: [], currentTrack: null, listeners: 0, isRadioActive: false, startedAt: null, serverTime: t.clock.now });
  });

  it("carries each song's artwork, queued and on air, so the player bar shows the radio card's cover", async () => {
    const hash = 'ef'.repeat(16);
    const a = await insertSong(t.app.db, { title: 'Painted', durationMs: 120_000 });
    await t.app.db.update(songs).set({ artworkHash: hash }).where(eq(songs.id, a.id));
    await asAdmin('POST', '/api/radio/queue', { songId: a.id });
    expect((await snapshot()).queue[0]).toMatchObject({ songId: a.id, artworkUrl: `/api/artwork/${hash}` });
    await asAdmin('POST', '/api/radio/toggle');
    expect((await snapshot()).currentTrack).toMatchObject({ songId: a.id, artworkUrl: `/api/artwork/${hash}` });
  });

  it("carries each song's ReplayGain tags, queued and on air, so the web radio plays it at the queue's level; none for an untagged song", async () => {
    const tagged = await insertSong(t.app.db, { title: 'Loud', durationMs: 120_000 });
    const plain = await insertSong(t.app.db, { title: 'Plain', durationMs: 120_000 });
    await t.app.db.update(songs).set({ rgTrackGain: -6, rgTrackPeak: 0.5, rgAlbumGain: -7.5, rgAlbumPeak: null }).where(eq(songs.id, tagged.id));
    await asAdmin('POST', '/api/radio/queue', { songId: tagged.id });
    await asAdmin('POST', '/api/radio/queue', { songId: plain.id });
    const replayGain = { trackGain: -6, trackPeak: 0.5, albumGain: -7.5, albumPeak: null };
    const queued = await snapshot();
    expect(queued.queue[0]).toMatchObject({ songId: tagged.id, replayGain });
    expect(queued.queue[1].replayGain).toBeUndefined();
    await asAdmin('POST', '/api/radio/toggle');
    expect((await snapshot()).currentTrack).toMatchObject({ songId: tagged.id, replayGain });
  });

  it('queues tracks in order with who added them; starting plays the first and keeps it out of the queue', async () => {
    const a = await insertSong(t.app.db, { title: 'Alpha', artist: 'A', durationMs: 180_500 });
    const b = await insertSong(t.app.db, { title: 'Bravo', artist: 'B', durationMs: 200_000 });
    const added = await asAdmin('POST', '/api/radio/queue', { songId: a.id });
    expect(added.statusCode).toBe(200);
    expect(added.json().track).toMatchObject({ songId: a.id, title: 'Alpha', artist: 'A', duration: 180.5 });
    await asAdmin('POST', '/api/radio/queue', { songId: b.id });

    let s = await snapshot();
    expect(s.currentTrack).toBeNull();
    expect(s.queue.map((q) => q.title)).toEqual(['Alpha', 'Bravo']);
    expect(s.queue[0]).toEqual({
      id: expect.any(String),
      songId: a.id,
      title: 'Alpha',
      artist: 'A',
      duration: 180.5,
      addedBy: { id: admin.user.id, username: admin.user.username },
      addedAt: new Date(t.clock.now).toISOString(),
      url: `/api/songs/stream/${a.id}`, // no token: every listener streams with their own session
    });

    const skipOff = await asAdmin('POST', '/api/radio/skip');
    expect(skipOff.statusCode).toBe(409);

    const toggled = await asAdmin('POST', '/api/radio/toggle');
    expect(toggled.json()).toEqual({ success: true, isRadioActive: true });
    s = await snapshot();
    expect(s.isRadioActive).toBe(true);
    expect(s.currentTrack?.title).toBe('Alpha');
    expect(s.startedAt).toBe(t.clock.now);
    expect(s.queue.map((q) => q.title)).toEqual(['Bravo']);
  });

  it('advances by each track’s real duration on a fake clock, writes history, and ends with no current track', async () => {
    const a = await insertSong(t.app.db, { title: 'One', durationMs: 61_250 });
    const b = await insertSong(t.app.db, { title: 'Two', durationMs: 90_000 });
    await asAdmin('POST', '/api/radio/queue', { songId: a.id });
    await asAdmin('POST', '/api/radio/queue', { songId: b.id });
    await asAdmin('POST', '/api/radio/toggle');
    const start = t.clock.now;
    const radio = t.app.radio;

    t.clock.now = start + 61_249;
    expect(await radio.checkClock()).toBe(false);
    expect((await snapshot()).currentTrack?.title).toBe('One');

    t.clock.now = start + 61_250;
    expect(await radio.checkClock()).toBe(true);
    let s = await snapshot();
    expect(s.currentTrack?.title).toBe('Two');
    expect(s.startedAt).toBe(start + 61_250);
    expect(s.queue).toEqual([]);

    const [last] = await t.app.db.select().from(radioHistory).orderBy(desc(radioHistory.id)).limit(1);
    expect(last).toMatchObject({ title: 'One', endReason: 'finished', startedAt: new Date(start), endedAt: new Date(start + 61_250) });

    // far later: Two ended too and the queue is empty
    t.clock.now = start + 61_250 + 90_000 + 5_000;
    await radio.checkClock();
    s = await snapshot();
    expect(s.isRadioActive).toBe(true);
    expect(s.currentTrack).toBeNull();
    expect(s.startedAt).toBeNull();

    // an active radio with nothing on plays what arrives at once
    const c = await insertSong(t.app.db, { title: 'Three' });
    await asAdmin('POST', '/api/radio/queue', { songId: c.id });
    s = await snapshot();
    expect(s.currentTrack?.title).toBe('Three');
    expect(s.startedAt).toBe(t.clock.now);
  });

  it('a check runs at the time it was asked for, after the one before it (the clock’s own timer races a check asked for)', async () => {
    const a = await insertSong(t.app.db, { title: 'Edge', durationMs: 30_000 });
    const b = await insertSong(t.app.db, { title: 'After the edge', durationMs: 30_000 });
    await asAdmin('POST', '/api/radio/queue', { songId: a.id });
    await asAdmin('POST', '/api/radio/queue', { songId: b.id });
    await asAdmin('POST', '/api/radio/toggle');
    const start = t.clock.now;
    // the first check is asked for a millisecond before the end, the second at the end, before the first has read anything
    t.clock.now = start + 29_999;
    const early = t.app.radio.checkClock();
    t.clock.now = start + 30_000;
    const atEnd = t.app.radio.checkClock();
    expect([await early, await atEnd]).toEqual([false, true]);
    expect((await snapshot()).currentTrack?.title).toBe('After the edge');
  });

  it('catches up over several ended tracks at once, each starting where the last ended', async () => {
    const songs = await Promise.all([10_000, 20_000, 30_000].map((d, i) => insertSong(t.app.db, { title: `Chain${i}`, durationMs: d })));
    for (const s of songs) await asAdmin('POST', '/api/radio/queue', { songId: s.id });
    await asAdmin('POST', '/api/radio/toggle');
    const start = t.clock.now;
    t.clock.now = start + 35_000;
    await t.app.radio.checkClock();
    const s = await snapshot();
    expect(s.currentTrack?.title).toBe('Chain2');
    expect(s.startedAt).toBe(start + 30_000);
  });

  it('skips to the next track now, and records the skip', async () => {
    const a = await insertSong(t.app.db, { title: 'Skip me' });
    const b = await insertSong(t.app.db, { title: 'Next' });
    await asAdmin('POST', '/api/radio/queue', { songId: a.id });
    await asAdmin('POST', '/api/radio/queue', { songId: b.id });
    await asAdmin('POST', '/api/radio/toggle');
    t.clock.now += 5_000;
    const res = await asAdmin('POST', '/api/radio/skip');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, currentTrack: { title: 'Next' }, startedAt: t.clock.now, serverTime: t.clock.now });
    const [last] = await t.app.db.select().from(radioHistory).orderBy(desc(radioHistory.id)).limit(1);
    expect(last).toMatchObject({ title: 'Skip me', endReason: 'skipped' });
  });

  it('stopping keeps the track where it stood and starting resumes it there', async () => {
    const a = await insertSong(t.app.db, { title: 'Pause me', durationMs: 100_000 });
    await asAdmin('POST', '/api/radio/queue', { songId: a.id });
    await asAdmin('POST', '/api/radio/toggle');
    t.clock.now += 40_000;
    expect((await asAdmin('POST', '/api/radio/toggle')).json()).toEqual({ success: true, isRadioActive: false });
    let s = await snapshot();
    expect(s).toMatchObject({ isRadioActive: false, startedAt: null, currentTrack: { title: 'Pause me' } });
    // a stopped radio does not move, however long it stays off
    t.clock.now += 600_000;
    expect(await t.app.radio.checkClock()).toBe(false);
    await asAdmin('POST', '/api/radio/toggle');
    s = await snapshot();
    expect(s.isRadioActive).toBe(true);
    expect(s.currentTrack?.title).toBe('Pause me');
    expect(s.startedAt).toBe(t.clock.now - 40_000);
  });

  it('removes queued tracks and the current one; an unknown id is a 404', async () => {
    const [a, b, c] = await Promise.all(['R1', 'R2', 'R3'].map((title) => insertSong(t.app.db, { title })));
    for (const s of [a, b, c]) await asAdmin('POST', '/api/radio/queue', { songId: s.id });
    await asAdmin('POST', '/api/radio/toggle');
    let s = await snapshot();
    expect((await asAdmin('DELETE', `/api/radio/queue/${s.queue[1].id}`)).json()).toEqual({ success: true });
    s = await snapshot();
    expect(s.queue.map((q) => q.title)).toEqual(['R2']);
    await asAdmin('DELETE', `/api/radio/queue/${s.currentTrack!.id}`);
    s = await snapshot();
    expect(s.currentTrack?.title).toBe('R2');
    expect(s.queue).toEqual([]);
    const missing = await asAdmin('DELETE', '/api/radio/queue/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    const bad = await asAdmin('POST', '/api/radio/queue', { songId: 'nope' });
    expect(bad.statusCode).toBe(400);
    const unknown = await asAdmin('POST', '/api/radio/queue', { songId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
  });

  it('pages through the history, newest first', async () => {
    const all: RadioHistoryResponse['history'] = [];
    let cursor: number | null = null;
    do {
      const res = await t.app.inject({ method: 'GET', url: `/api/radio/history?limit=2${cursor ? `&cursor=${cursor}` : ''}`, headers: listener.headers });
      expect(res.statusCode).toBe(200);
      const page = res.json() as RadioHistoryResponse;
      expect(page.history.length).toBeLessThanOrEqual(2);
      all.push(...page.history);
      cursor = page.nextCursor;
    } while (cursor);
    const total = await t.app.db.select().from(radioHistory);
    expect(all.map((h) => h.id)).toEqual(total.map((h) => h.id).sort((x, y) => y - x));
    expect(all.length).toBeGreaterThan(3);
    expect(all[0]).toMatchObject({ title: expect.any(String), endReason: expect.stringMatching(/finished|skipped|removed/) });
  });
});

describe('restart', () => {
  it('resumes the same track at the right offset after the server restarts', async () => {
    const database = await createTestDatabase();
    try {
      const first = await createTestApp({ database });
      const boss = await createUser(first, { role: 'admin' });
      const a = await insertSong(first.app.db, { title: 'Survivor', durationMs: 300_000 });
      const b = await insertSong(first.app.db, { title: 'After', durationMs: 300_000 });
      for (const s of [a, b]) await first.app.inject({ method: 'POST', url: '/api/radio/queue', headers: boss.headers, payload: { songId: s.id } });
      await first.app.inject({ method: 'POST', url: '/api/radio/toggle', headers: boss.headers });
      const startedAt = first.clock.now;
      await first.close();

      const second = await createTestApp({ database });
      second.clock.now = startedAt + 120_000;
      const s = (await second.app.inject({ method: 'GET', url: '/api/radio/queue', headers: boss.headers })).json() as RadioSnapshot;
      expect(s).toMatchObject({ isRadioActive: true, currentTrack: { title: 'Survivor' }, startedAt, serverTime: startedAt + 120_000 });
      expect(s.serverTime - s.startedAt!).toBe(120_000);
      second.clock.now = startedAt + 300_000;
      await second.app.radio.checkClock();
      const after = (await second.app.inject({ method: 'GET', url: '/api/radio/queue', headers: boss.headers })).json() as RadioSnapshot;
      expect(after).toMatchObject({ currentTrack: { title: 'After' }, startedAt: startedAt + 300_000 });
      await second.close();
    } finally {
      await database.close();
    }
  });
});
