import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { songs } from '../db/schema';
import { createTestApp, createUser, type TestApp, type TestUser } from '../test/testApp';

const SLOW = 60_000;
const BAD_TEXT = 'Text must not contain NUL characters or invalid Unicode';
let t: TestApp;
let listener: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
}, SLOW);
afterAll(async () => t?.close());

const playlistCount = async () => (await t.app.db.query.playlists.findMany({ where: (p, { eq }) => eq(p.userId, listener.user.id) })).length;

describe('text input guard', () => {
  it.each([
    ['login username', 'POST', '/api/auth/login', { username: 'a\u0000b', password: 'whatever-long' }],
    ['playlist name', 'POST', '/api/playlists', { name: 'Mix\u0000' }],
    ['playlist description', 'POST', '/api/playlists', { name: 'Mix', description: '\u0000' }],
    ['suggestion title', 'POST', '/api/musicbox/suggestions', { title: 'So\u0000ng', artist: 'Band' }],
    ['suggestion artist', 'POST', '/api/musicbox/suggestions', { title: 'Song', artist: 'Ba\u0000nd' }],
    ['a lone surrogate', 'POST', '/api/playlists', { name: 'Mix \ud800 tape' }],
    ['a nested value', 'POST', '/api/playlists', { name: 'Mix', extra: { deeper: ['ok', '\u0000'] } }],
    ['a key', 'POST', '/api/playlists', { name: 'Mix', ['k\u0000']: 1 }],
  ])('refuses NUL or invalid Unicode in %s with 400 and stores nothing', async (_what, method, url, payload) => {
    const before = await playlistCount();
    const res = await t.app.inject({ method: method as 'POST', url, headers: listener.headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: BAD_TEXT });
    expect(await playlistCount()).toBe(before);
  });

  it.each([
    ['?search=a%00b', '/api/songs?search=a%00b'],
    ['a NUL in a path parameter', '/api/playlists/a%00b'],
  ])('refuses %s with 400', async (_what, url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: listener.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: BAD_TEXT });
  });

  it('lets ordinary text through, emoji and accents included', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/playlists',
      headers: listener.headers,
      payload: { name: 'Café 🎧 mix', description: 'ünïcødé ✓' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().playlist).toMatchObject({ name: 'Café 🎧 mix', description: 'ünïcødé ✓' });
  });

  it('refuses NUL in a multipart text field of a playlist with 400', async () => {
    const boundary = '----guard-boundary';
    const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nMix\u0000tape\r\n--${boundary}--\r\n`);
    const before = await playlistCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/playlists',
      headers: { ...listener.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: BAD_TEXT });
    expect(await playlistCount()).toBe(before);
  });

  it('refuses NUL in the title of a song upload with 400, leaving no file and no row', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const wav = await readFile(path.join(import.meta.dirname, '../modules/songs/fixtures/tone.wav'));
    const boundary = '----guard-upload';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nNul\u0000Song\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="artist"\r\n\r\nBand\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="song"; filename="t.wav"\r\nContent-Type: audio/wav\r\n\r\n`),
      wav,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/songs/upload',
      headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: BAD_TEXT });
    expect(await t.app.db.select({ id: songs.id }).from(songs)).toEqual([]);
    const files = await readdir(t.config.mediaDir, { recursive: true }).catch(() => [] as string[]);
    expect(files.filter((f) => f !== 'tmp')).toEqual([]);
  });
});
