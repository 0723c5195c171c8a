import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';
import type { SongRow } from '../../db/schema';
import { insertSongs } from '../../library/test/songFixtures';

const SLOW = 60_000;
const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-03-18T12:00:00.000Z');

let t: TestApp;
let song: SongRow;
let ada: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
  ada = await createUser(t);
  [song] = await insertSongs(t.app.db, [60], 'Late');
}, SLOW);
afterAll(async () => t?.close());

const playAt = (playedAt: string) =>
  t.app.inject({ method: 'POST', url: `/api/stats/${song.id}/increment-play`, headers: ada.headers, payload: { source: 'library', playedAt } });

describe('a play made offline, sent later with its time (docs/product.md §2.17)', () => {
  it('counts at its original time, once', async () => {
    const at = new Date(NOW - 2 * DAY).toISOString();
    expect((await playAt(at)).json()).toEqual({ success: true, counted: true, playCount: 1 });
    // the same play sent twice (the answer was lost): counted once
    expect((await playAt(at)).json()).toEqual({ success: true, counted: false, playCount: 1 });
    const history = (await t.app.inject({ method: 'GET', url: '/api/stats/user-history', headers: ada.headers })).json();
    expect(history.history.map((h: { playedAt: string }) => h.playedAt)).toEqual([at]);
  });

  it('refuses a time in the future, older than 30 days, or not a time', async () => {
    for (const at of [new Date(NOW + 5 * 60_000).toISOString(), new Date(NOW - 31 * DAY).toISOString(), 'yesterday']) {
      const response = await playAt(at);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^playedAt: /);
    }
  });
});
