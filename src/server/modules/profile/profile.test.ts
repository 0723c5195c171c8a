import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';
import { suggestions } from '../../db/schema';
import { insertSongs } from '../../library/test/songFixtures';

const SLOW = 60_000;
let t: TestApp;
let u: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  u = await createUser(t, { password: 'old-password-1' });
}, SLOW);
afterAll(async () => t?.close());

const put = (payload: Record<string, string>, who: TestUser = u) => t.app.inject({ method: 'PUT', url: '/api/profile', headers: who.headers, payload });

describe('profile', () => {
  it('shows the signed-in user with their counts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/profile', headers: u.headers });
    expect(res.json()).toEqual({
      success: true,
      user: { id: u.user.id, username: u.user.username, email: u.user.email, role: 'user', createdAt: u.user.createdAt.toISOString() },
      counts: { likedSongs: 0, playlists: 0, plays: 0, suggestions: 0 },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
  });

  it('changes the username, and it persists', async () => {
    const name = `renamed${Date.now() % 100000}`;
    const res = await put({ username: name });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Profile updated', user: { username: name } });
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: u.headers })).json().user.username).toBe(name);
    expect((await put({ username: 'a b' })).statusCode).toBe(400);
  });

  it('refuses a username someone else has (ignoring case)', async () => {
    const other = await createUser(t);
    const res = await put({ username: other.user.username.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'That username is already taken' });
  });

  it('changes the email only with the current password', async () => {
    const email = `new${Date.now() % 100000}@example.test`;
    const none = await put({ email });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Enter your current password to change your email');
    const wrong = await put({ email, currentPassword: 'not-it-at-all' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const ok = await put({ email: email.toUpperCase(), currentPassword: 'old-password-1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(email);
    // and the new email signs in
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password: 'old-password-1' } });
    expect(login.statusCode).toBe(200);
  });

  it('a wrong current password counts toward the account limit: 30 wrong then right, the 6th on is a 429 and the email stays', async () => {
    // a stolen access token must not be a way to guess the password without limit
    const victim = await createUser(t, { password: 'victim-password-1' });
    const email = `taken${Date.now() % 100000}@example.test`;
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) codes.push((await put({ email, currentPassword: `guess-${i}` }, victim)).statusCode);
    expect(codes).toEqual([...Array(5).fill(403), ...Array(25).fill(429)]);
    const right = await put({ email, currentPassword: 'victim-password-1' }, victim);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ success: false, message: 'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.' });
    const profile = (await t.app.inject({ method: 'GET', url: '/api/profile', headers: victim.headers })).json();
    expect(profile.user.email).toBe(victim.user.email);
    // the same bucket as sign-in: the guesses made here lock the sign-in of browsers without a device cookie
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: victim.user.email, password: 'victim-password-1' } });
    expect(login.statusCode).toBe(429);
  });

  it('lists recent plays, likes, playlists and suggestions, newest first', async () => {
    const who = await createUser(t);
    const [song] = await insertSongs(t.app.db, [120], 'Activity');
    await t.app.inject({ method: 'POST', url: `/api/stats/${song.id}/increment-play`, headers: who.headers, payload: { source: 'search' } });
    t.clock.now += 1000;
    await t.app.inject({ method: 'POST', url: `/api/liked-songs/${song.id}/toggle`, headers: who.headers });
    t.clock.now += 1000;
    await t.app.inject({ method: 'POST', url: '/api/playlists', headers: who.headers, payload: { name: 'Evening' } });
    t.clock.now += 1000;
    await t.app.db
      .insert(suggestions)
      .values({ title: 'Wish', artist: 'Someone', normalizedKey: `wish|${who.user.id}`, suggestedBy: who.user.id, createdAt: new Date(t.clock.now) });

    const res = await t.app.inject({ method: 'GET', url: '/api/profile/activities', headers: who.headers });
    const { activities } = res.json();
    expect(activities.map((a: { type: string }) => a.type)).toEqual(['suggestion', 'playlist', 'like', 'play']);
    expect(activities[0]).toMatchObject({ title: 'Wish — Someone', detail: 'pending' });
    expect(activities[1]).toMatchObject({ title: 'Evening', playlistId: expect.any(String) });
    expect(activities[3]).toMatchObject({ title: song.title, detail: song.artist, songId: song.id });
    // nobody else sees them
    const mine = (await t.app.inject({ method: 'GET', url: '/api/profile/activities', headers: u.headers })).json().activities;
    expect(mine.some((a: { title: string }) => a.title === 'Evening')).toBe(false);
    const counts = (await t.app.inject({ method: 'GET', url: '/api/profile', headers: who.headers })).json().counts;
    expect(counts).toEqual({ likedSongs: 1, playlists: 1, plays: 1, suggestions: 1 });
  });
});
