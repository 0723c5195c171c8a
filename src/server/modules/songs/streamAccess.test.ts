import { SignJWT } from 'jose';
import { createTestApp, createUser, TEST_JWT_SECRET, type TestApp, type TestUser } from '../../test/testApp';
import { createResetToken } from '../auth/resets';
import { STREAM_SESSION_TTL_SECONDS } from '../auth/tokens';
import { insertSong, writeMediaFile } from '../../library/test/songFixtures';
import { streamCookieFrom, streamCookieHeader } from './test/streamCookieHeader';

/**
 * Stream access is the session's: the wl_stream cookie works while its session lives and not a
 * moment after (logout, password reset), URLs carry nothing a holder could reuse.
 */

let t: TestApp;
let listener: TestUser;
const bytes = Buffer.from('RIFF0123456789abcdef');

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
});
afterAll(async () => t?.close());

async function addSong(title: string) {
  const name = await writeMediaFile(t.config.mediaDir, bytes);
  return insertSong(t.app.db, { title, artist: 'Cookie', durationMs: 1000, path: name, mimeType: 'audio/wav', sizeBytes: bytes.length });
}

const stream = (songId: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/songs/stream/${songId}`, headers });

async function signIn(user: TestUser) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.user.username, password: user.password } });
  expect(res.statusCode).toBe(200);
  const token: string = res.json().token.token;
  return { token, bearer: { authorization: `Bearer ${token}` }, cookie: streamCookieFrom(res.headers['set-cookie']) };
}

describe('the stream cookie', () => {
  it('is set at sign-in HttpOnly, SameSite=Strict, on the stream path only, and plays any song for its user', async () => {
    const [a, b] = [await addSong('Cookie One'), await addSong('Cookie Two')];
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: listener.user.username, password: listener.password } });
    const header = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('wl_stream='));
    expect(header).toMatch(/^wl_stream=[\w.-]+; Path=\/api\/songs\/stream; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    const cookie = streamCookieFrom(res.headers['set-cookie']);
    for (const song of [a, b]) {
      const played = await stream(song.id, cookie);
      expect(played.statusCode).toBe(200);
      expect(played.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('is re-set by refresh and by GET /api/auth/me, and cleared by logout', async () => {
    const session = await signIn(listener);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { token: session.token } });
    expect(refreshed.statusCode).toBe(200);
    expect(streamCookieFrom(refreshed.headers['set-cookie']).cookie).toMatch(/^wl_stream=.+/);
    await streamCookieHeader(t.app, { headers: { authorization: `Bearer ${refreshed.json().token.token}` } });
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${refreshed.json().token.token}` } });
    expect([out.headers['set-cookie']].flat()).toContain('wl_stream=; Path=/api/songs/stream; Max-Age=0; HttpOnly; SameSite=Strict');
  });

  it('is Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://music.example.test' } });
    try {
      const user = await createUser(secure);
      const me = await secure.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers });
      expect([me.headers['set-cookie']].flat().find((c) => String(c).startsWith('wl_stream='))).toMatch(/; Secure$/);
    } finally {
      await secure.close();
    }
  });

  it('is refused at once after logout, though it has hours left', async () => {
    const song = await addSong('Until Logout');
    const session = await signIn(listener);
    expect((await stream(song.id, session.cookie)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: session.bearer });
    expect(out.statusCode).toBe(200);
    const after = await stream(song.id, session.cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, message: 'Authentication required' });
  });

  it('is refused at once after a password reset, on every device of the user', async () => {
    const user = await createUser(t);
    const song = await addSong('Until Reset');
    const [laptop, phone] = [await signIn(user), await signIn(user)];
    expect((await stream(song.id, phone.cookie)).statusCode).toBe(200);
    const token = await createResetToken(t.app.db, user.user.id, new Date(t.clock.now));
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'a whole new password' } });
    expect(reset.statusCode).toBe(200);
    expect((await stream(song.id, laptop.cookie)).statusCode).toBe(401);
    expect((await stream(song.id, phone.cookie)).statusCode).toBe(401);
  });

  it('is refused when forged, expired, or an access token', async () => {
    const song = await addSong('Forgeries');
    const session = await signIn(listener);
    const value = session.cookie.cookie.slice('wl_stream='.length);
    const [, payload] = value.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'wl-stream+jwt' })
      .sign(new TextEncoder().encode('another-secret-another-secret-0123456789'));
    const accessTyped = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(TEST_JWT_SECRET));
    for (const forged of [otherKey, accessTyped, session.token, 'garbage', `${value}x`]) {
      expect((await stream(song.id, { cookie: `wl_stream=${forged}` })).statusCode).toBe(401);
    }
    t.clock.now += (STREAM_SESSION_TTL_SECONDS + 1) * 1000;
    try {
      expect((await stream(song.id, session.cookie)).statusCode).toBe(401);
    } finally {
      t.clock.now -= (STREAM_SESSION_TTL_SECONDS + 1) * 1000;
    }
    expect((await stream(song.id, session.cookie)).statusCode).toBe(200);
  });

  it('is not a Bearer token, and a ?st= token is not accepted any more', async () => {
    const song = await addSong('Not A Bearer');
    const session = await signIn(listener);
    const value = session.cookie.cookie.slice('wl_stream='.length);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${value}` } })).statusCode).toBe(401);
    expect((await stream(song.id, { authorization: `Bearer ${value}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/songs/stream/${song.id}?st=${value}` })).statusCode).toBe(401);
    // API clients keep the Bearer header
    expect((await stream(song.id, session.bearer)).statusCode).toBe(200);
  });
});
