import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { songs } from '../../db/schema';
import { streamCookieHeader } from './test/streamCookieHeader';
import { addSong, listener, search, t, useSongsTestApp } from './test/songsApp';

/** Streaming a song: GET and HEAD /api/songs/stream/:id. */
useSongsTestApp();

describe('GET and HEAD /api/songs/stream/:id', () => {
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7) % 256));
  let song: Awaited<ReturnType<typeof addSong>>;
  let other: Awaited<ReturnType<typeof addSong>>;
  const url = () => `/api/songs/stream/${song.id}`;

  beforeAll(async () => {
    song = await addSong('Stream Me', 'Ranger', 60_000, { extension: 'wav', bytes });
    other = await addSong('Stream Other', 'Ranger', 60_000, { extension: 'mp3', bytes, mimeType: 'audio/mpeg' });
  });

  it('sends the whole file with its type, length, validators and Accept-Ranges', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(), headers: listener.headers });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['content-length']).toBe('1000');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-3e8"$/);
    expect(new Date(String(res.headers['last-modified'])).getTime()).not.toBeNaN();
    const mp3 = await t.app.inject({ method: 'GET', url: `/api/songs/stream/${other.id}`, headers: listener.headers });
    expect(mp3.headers['content-type']).toBe('audio/mpeg');
  });

  it.each([
    ['at the start', 'bytes=0-99', 0, 99],
    ['in the middle', 'bytes=400-649', 400, 649],
    ['open-ended', 'bytes=900-', 900, 999],
    ['as a suffix', 'bytes=-100', 900, 999],
    ['past the end, clipped', 'bytes=990-5000', 990, 999],
  ])('sends a range %s (206 with Content-Range)', async (_name, range, start, end) => {
    const res = await t.app.inject({ method: 'GET', url: url(), headers: { ...listener.headers, range } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it('answers 416 with the size for a range beyond the end', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(), headers: { ...listener.headers, range: 'bytes=1000-' } });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */1000');
  });

  it('ignores an If-Range that no longer matches and sends the whole file', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(), headers: { ...listener.headers, range: 'bytes=0-9', 'if-range': '"stale"' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(1000);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: url(), headers: listener.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('1000');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers 304 to If-None-Match with its ETag and to If-Modified-Since', async () => {
    const first = await t.app.inject({ method: 'GET', url: url(), headers: listener.headers });
    const etag = String(first.headers.etag);
    const res = await t.app.inject({ method: 'GET', url: url(), headers: { ...listener.headers, 'if-none-match': `W/"x", ${etag}` } });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers.etag).toBe(etag);
    const changed = await t.app.inject({ method: 'GET', url: url(), headers: { ...listener.headers, 'if-none-match': '"other"' } });
    expect(changed.statusCode).toBe(200);
    const since = await t.app.inject({
      method: 'GET',
      url: url(),
      headers: { ...listener.headers, 'if-modified-since': String(first.headers['last-modified']) },
    });
    expect(since.statusCode).toBe(304);
  });

  it('needs the bearer token or a stream cookie; a ?st= token is not accepted', async () => {
    const res = await t.app.inject({ method: 'GET', url: url() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Authentication required' });
    expect((await t.app.inject({ method: 'GET', url: `${url()}?st=garbage` })).statusCode).toBe(401);
  });

  it('plays from the publicUrl of a listing with the stream cookie alone', async () => {
    const { body } = await search({ search: 'stream me' });
    const cookie = await streamCookieHeader(t.app, listener);
    const res = await t.app.inject({ method: 'GET', url: body.songs[0].publicUrl, headers: { range: 'bytes=0-9', ...cookie } });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.equals(bytes.subarray(0, 10))).toBe(true);
  });

  it('never reads outside MEDIA_DIR', async () => {
    const traversal = await t.app.inject({ method: 'GET', url: '/api/songs/stream/..%2F..%2F..%2Fetc%2Fpasswd', headers: listener.headers });
    expect(traversal.statusCode).toBe(404);
    expect(traversal.body).not.toContain('root:');
    // a row whose path leaves the folder (it cannot be made through the API) is refused too
    const secret = path.join(path.dirname(t.config.mediaDir), 'secret.wav');
    await writeFile(secret, 'top secret');
    const evil = await addSong('Evil Path', 'Nobody', 1000);
    await t.app.db.update(songs).set({ path: '../secret.wav' }).where(eq(songs.id, evil.id));
    const res = await t.app.inject({ method: 'GET', url: `/api/songs/stream/${evil.id}`, headers: listener.headers });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('top secret');
  });

  it('answers 404 when the file is gone', async () => {
    const gone = await addSong('Gone', 'Nobody', 1000);
    expect((await t.app.inject({ method: 'GET', url: `/api/songs/stream/${gone.id}`, headers: listener.headers })).statusCode).toBe(404);
  });
});
