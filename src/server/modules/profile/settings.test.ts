import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';
import type { SongRow } from '../../db/schema';
import { insertSongs } from '../../library/test/songFixtures';

const SLOW = 60_000;
let t: TestApp;
let songs: SongRow[];

beforeAll(async () => {
  t = await createTestApp();
  songs = await insertSongs(t.app.db, [60, 120], 'Private');
}, SLOW);
afterAll(async () => t?.close());

const settings = (u: TestUser) => t.app.inject({ method: 'GET', url: '/api/profile/settings', headers: u.headers });
const put = (u: TestUser, payload: unknown) => t.app.inject({ method: 'PUT', url: '/api/profile/settings', headers: u.headers, payload: payload as object });
const play = (u: TestUser, song: SongRow) => t.app.inject({ method: 'POST', url: `/api/stats/${song.id}/increment-play`, headers: u.headers, payload: {} });

describe('account settings', () => {
  it('record listening history is on for a new account, and only its owner reads or changes it', async () => {
    const u = await createUser(t);
    expect((await settings(u)).json()).toEqual({ success: true, settings: { recordListeningHistory: true } });
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/settings' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/profile/settings', payload: { recordListeningHistory: false } })).statusCode).toBe(401);
  });

  it('turned off, it stays off for every session of the user (another device), and nobody else', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const res = await put(u, { recordListeningHistory: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, settings: { recordListeningHistory: false } });
    // a second sign-in of the same account is another session
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: u.user.username, password: u.password } });
    const device = { headers: { authorization: `Bearer ${login.json().token.token}` } } as TestUser;
    expect((await settings(device)).json().settings.recordListeningHistory).toBe(false);
    expect((await settings(other)).json().settings.recordListeningHistory).toBe(true);
  });

  it('refuses what is not a setting or not a boolean, with a clear message', async () => {
    const u = await createUser(t);
    const notBoolean = await put(u, { recordListeningHistory: 'no' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().message).toMatch(/recordListeningHistory must be true or false/);
    expect((await put(u, { theme: 'dark' })).statusCode).toBe(400);
    expect((await settings(u)).json().settings.recordListeningHistory).toBe(true);
  });

  it('the server records no play of a user who turned it off, whatever a device sends; on again, it does', async () => {
    const u = await createUser(t);
    await put(u, { recordListeningHistory: false });
    const refused = await play(u, songs[0]);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ success: true, counted: false, playCount: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: u.headers })).json().counts.plays).toBe(0);

    await put(u, { recordListeningHistory: true });
    expect((await play(u, songs[1])).json()).toMatchObject({ counted: true, playCount: 1 });
  });
});
