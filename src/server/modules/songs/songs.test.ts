import { randomUUID } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import { songs } from '../../db/schema';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';
import { insertSong, writeMediaFile } from '../../library/test/songFixtures';
import { streamCookieHeader } from './test/streamCookieHeader';
import { multipartBody, type Part } from './test/multipartBody';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

interface SongJson {
  id: string;
  title: string;
  artist: string;
  duration: number;
  path: string;
  publicUrl: string;
  createdAt: string;
  artworkUrl?: string | null;
}

let t: TestApp;
let admin: TestUser;
let listener: TestUser;

beforeAll(async () => {
  // the limit docs/product.md §5.4 was written for; the default is now 200 MB (issue 14)
  t = await createTestApp({ env: { MAX_UPLOAD_MB: '5' } });
  admin = await createUser(t, { role: 'admin' });
  listener = await createUser(t);
});
afterAll(async () => t?.close());

async function addSong(title: string, artist: string, durationMs = 60_000, file?: { extension: string; bytes: Buffer; mimeType?: string }) {
  const name = file ? await writeMediaFile(t.config.mediaDir, file.bytes, file.extension) : `${randomUUID()}.wav`;
  return insertSong(t.app.db, { title, artist, durationMs, path: name, mimeType: file?.mimeType ?? 'audio/wav', sizeBytes: file?.bytes.length ?? 0 });
}

async function search(query: Record<string, string | number>, user: TestUser = listener) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await t.app.inject({ method: 'GET', url: `/api/songs?${qs}`, headers: user.headers });
  return { status: res.statusCode, body: res.json() as { success: boolean; songs: SongJson[]; nextCursor: string | null; message?: string } };
}

describe('GET /api/songs', () => {
  beforeAll(async () => {
    await addSong('Élan Vital Qx', 'Zoë Brontë', 61_000);
    await addSong('Northern Qx Lights', 'Sigur Åberg', 62_000);
    await addSong('Plain Qx', 'Nobody Special', 63_000);
    await addSong('100% Qx Pure', 'Under_Score', 64_000);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/songs' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Authentication required' });
  });

  it('finds songs by title, ignoring case and accents', async () => {
    const { status, body } = await search({ search: 'ELAN vital' });
    expect(status).toBe(200);
    expect(body.songs.map((s) => s.title)).toEqual(['Élan Vital Qx']);
    expect((await search({ search: 'élan' })).body.songs.map((s) => s.title)).toEqual(['Élan Vital Qx']);
  });

  it('finds songs by artist, ignoring case and accents', async () => {
    expect((await search({ search: 'zoe bronte' })).body.songs.map((s) => s.title)).toEqual(['Élan Vital Qx']);
    expect((await search({ search: 'ABERG' })).body.songs.map((s) => s.artist)).toEqual(['Sigur Åberg']);
  });

  it('takes % and _ literally', async () => {
    expect((await search({ search: '100%' })).body.songs.map((s) => s.title)).toEqual(['100% Qx Pure']);
    expect((await search({ search: 'under_score' })).body.songs.map((s) => s.artist)).toEqual(['Under_Score']);
    expect((await search({ search: 'r%s' })).body.songs).toEqual([]);
  });

  it('answers each song with the product fields and a stream URL that carries no token', async () => {
    const { body } = await search({ search: 'plain qx' });
    expect(body.success).toBe(true);
    const [song] = body.songs;
    // issue 14: songs gain the library fields and an artwork URL (an upload without artwork: null); issue 16: their ReplayGain tags
    expect(Object.keys(song).sort()).toEqual([
      'album',
      'albumArtist',
      'albumId',
      'artist',
      'artists',
      'artworkUrl',
      'bitRate',
      'codec',
      'createdAt',
      'discNumber',
      'duration',
      'genres',
      'id',
      'path',
      'playable',
      'publicUrl',
      'replayGain',
      'title',
      'trackNumber',
      'unplayableReason',
      'year',
    ]);
    expect(song.artworkUrl).toBeNull();
    expect(song.duration).toBe(63);
    expect(song.publicUrl).toBe(`/api/songs/stream/${song.id}`);
    expect(body.nextCursor).toBeNull();
  });

  it('pages through the library in a stable order without duplicates or gaps', async () => {
    const titles = Array.from({ length: 23 }, (_, i) => `Pagewalk ${String.fromCharCode(65 + (i % 5))} ${i}`);
    // two songs with the same title: the id breaks the tie
    titles.push('Pagewalk A 0');
    const inserted = [];
    for (const title of titles) inserted.push(await addSong(title, 'Pager'));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: Record<string, string | number> = { search: 'pagewalk', limit: 5 };
      if (cursor) query.cursor = cursor;
      const { status, body } = await search(query);
      expect(status).toBe(200);
      expect(body.songs.length).toBeLessThanOrEqual(5);
      seen.push(...body.songs.map((s) => s.id));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(inserted.map((r) => r.id).sort());
    // the order is the library order: sort key, then id
    const expected = [...inserted].sort((a, b) => (a.sortKey === b.sortKey ? (a.id < b.id ? -1 : 1) : a.sortKey < b.sortKey ? -1 : 1)).map((r) => r.id);
    expect(seen).toEqual(expected);
  });

  it('filters by duration, bounds included', async () => {
    for (const [title, ms] of [
      ['Durtest Short', 59_000],
      ['Durtest Min', 60_000],
      ['Durtest Max', 180_000],
      ['Durtest Max Rounded', 180_400],
      ['Durtest Long', 181_000],
    ] as const) {
      await addSong(title, 'Timer', ms);
    }
    const { body } = await search({ search: 'durtest', minDuration: 60, maxDuration: 180 });
    expect(body.songs.map((s) => s.title).sort()).toEqual(['Durtest Max', 'Durtest Max Rounded', 'Durtest Min']);
    expect((await search({ search: 'durtest', minDuration: 181 })).body.songs.map((s) => s.title)).toEqual(['Durtest Long']);
    expect((await search({ search: 'durtest', maxDuration: 59 })).body.songs.map((s) => s.title)).toEqual(['Durtest Short']);
  });

  it('refuses a cursor it did not make and a bad limit', async () => {
    expect((await search({ cursor: 'not-a-cursor' })).status).toBe(400);
    expect((await search({ limit: 0 })).status).toBe(400);
    expect((await search({ limit: 1000 })).status).toBe(400);
  });
});

describe('GET /api/songs/:id', () => {
  it('answers the song with its stream URL, 404 for an unknown or malformed id', async () => {
    const row = await addSong('Single Lookup', 'One', 60_000, { extension: 'wav', bytes: Buffer.from('RIFF') });
    const res = await t.app.inject({ method: 'GET', url: `/api/songs/${row.id}`, headers: listener.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; song: SongJson };
    expect(body.song).toMatchObject({ id: row.id, title: 'Single Lookup', artist: 'One', duration: 60 });
    const stream = await t.app.inject({ method: 'HEAD', url: body.song.publicUrl, headers: await streamCookieHeader(t.app, listener) });
    expect(stream.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/songs/${randomUUID()}`, headers: listener.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/songs/nope', headers: listener.headers })).statusCode).toBe(404);
  });
});

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

async function upload(parts: Part[], user: TestUser | null = admin) {
  const { payload, headers } = multipartBody(parts);
  const res = await t.app.inject({ method: 'POST', url: '/api/songs/upload', payload, headers: { ...headers, ...(user?.headers ?? {}) } });
  return { status: res.statusCode, body: res.json() as { success: boolean; song: SongJson; message?: string } };
}

async function mediaFiles() {
  const all = await readdir(t.config.mediaDir, { recursive: true }).catch(() => [] as string[]);
  return all.filter((f) => f !== 'tmp').sort();
}

async function rowsTitled(title: string) {
  return t.app.db
    .select({ id: songs.id })
    .from(songs)
    .where(inArray(songs.title, [title]));
}

describe('POST /api/songs/upload', () => {
  it.each([
    ['MP3', 'tone.mp3', 'audio/mpeg', 2.0, 'mp3'],
    ['OGG', 'tone.ogg', 'audio/ogg', 2.0, 'ogg'],
    ['WAV', 'tone.wav', 'audio/wav', 1.5, 'wav'],
  ])('accepts a real %s with its real duration', async (kind, fixture, mime, seconds, ext) => {
    const data = await readFile(path.join(FIXTURES, fixture));
    // the declared type is ignored: the bytes decide
    const { status, body } = await upload([
      { name: 'title', value: `Uploaded ${kind}` },
      { name: 'artist', value: 'Fixture Band' },
      { name: 'song', filename: `whatever.bin`, type: 'application/octet-stream', data },
    ]);
    expect(status).toBe(201);
    expect(body.success).toBe(true);
    expect(body.song).toMatchObject({ title: `Uploaded ${kind}`, artist: 'Fixture Band', duration: Math.round(seconds) });
    const [row] = await t.app.db.select().from(songs).where(eq(songs.id, body.song.id));
    // MP3 and OGG encoders pad the last frame: within a tenth of a second of the source
    expect(Math.abs(row.durationMs / 1000 - seconds)).toBeLessThan(0.1);
    expect(row.mimeType).toBe(mime);
    expect(row.sizeBytes).toBe(data.length);
    expect(row.uploadedBy).toBe(admin.user.id);
    expect(row.path).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${ext}$`));
    expect((await readFile(path.join(t.config.mediaDir, row.path))).equals(data)).toBe(true);
    // it can be found and streamed at once
    const found = await search({ search: `uploaded ${kind}` });
    expect(found.body.songs.map((s) => s.id)).toEqual([body.song.id]);
    const stream = await t.app.inject({ method: 'GET', url: body.song.publicUrl, headers: await streamCookieHeader(t.app, admin) });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toBe(mime);
  });

  it("refuses a text file named .mp3 with the product's message and leaves nothing behind", async () => {
    const before = await mediaFiles();
    const { status, body } = await upload([
      { name: 'title', value: 'Fake Mp3' },
      { name: 'artist', value: 'Liar' },
      { name: 'song', filename: 'song.mp3', type: 'audio/mpeg', data: Buffer.from('just some text, not audio at all\n'.repeat(20)) },
    ]);
    expect(status).toBe(415);
    expect(body).toEqual({ success: false, message: 'Invalid file type. Please upload an MP3, FLAC, OGG, Opus, M4A, WAV, or AIFF file.' });
    expect(await rowsTitled('Fake Mp3')).toEqual([]);
    expect(await mediaFiles()).toEqual(before);
  });

  it('refuses a file that starts like audio but is not', async () => {
    const { status, body } = await upload([
      { name: 'title', value: 'Broken Wav' },
      { name: 'artist', value: 'Liar' },
      { name: 'song', filename: 'song.wav', type: 'audio/wav', data: Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVE'), Buffer.alloc(100)]) },
    ]);
    expect(status).toBe(415);
    expect(body.message).toBe('Invalid file type. Please upload an MP3, FLAC, OGG, Opus, M4A, WAV, or AIFF file.');
    expect(await rowsTitled('Broken Wav')).toEqual([]);
  });

  it("refuses 5 MB + 1 byte with the product's message and no temporary file left", async () => {
    expect(t.config.maxUploadBytes).toBe(5 * 1024 * 1024);
    const before = await mediaFiles();
    const wav = await readFile(path.join(FIXTURES, 'tone.wav'));
    const data = Buffer.concat([wav, Buffer.alloc(5 * 1024 * 1024 + 1 - wav.length)]);
    const { status, body } = await upload([
      { name: 'title', value: 'Too Big' },
      { name: 'artist', value: 'Large' },
      { name: 'song', filename: 'big.wav', type: 'audio/wav', data },
    ]);
    expect(status).toBe(413);
    expect(body).toEqual({ success: false, message: 'File is too large. Maximum file size is 5MB.' });
    expect(await rowsTitled('Too Big')).toEqual([]);
    expect(await mediaFiles()).toEqual(before);
    expect(await readdir(path.join(t.config.mediaDir, 'tmp'))).toEqual([]);
  });

  it('takes title and artist as optional overrides: without them the tags, else the file name and [Unknown Artist]', async () => {
    const data = await readFile(path.join(FIXTURES, 'tone.wav'));
    const { status, body } = await upload([
      { name: 'title', value: '   ' },
      { name: 'song', filename: 'My Field Recording.wav', type: 'audio/wav', data },
    ]);
    expect(status).toBe(201);
    expect(body.song).toMatchObject({ title: 'My Field Recording', artist: '[Unknown Artist]' });
    const overridden = await upload([
      { name: 'artist', value: 'Given Artist' },
      { name: 'song', filename: 'b.wav', type: 'audio/wav', data },
    ]);
    expect(overridden.body.song).toMatchObject({ title: 'b', artist: 'Given Artist' });
  });

  it('refuses an upload without a file', async () => {
    const { status, body } = await upload([
      { name: 'title', value: 'T' },
      { name: 'artist', value: 'A' },
    ]);
    expect(status).toBe(400);
    expect(body.message).toBe('All fields are required.');
  });

  it('is for admins only', async () => {
    const data = await readFile(path.join(FIXTURES, 'tone.wav'));
    const parts: Part[] = [
      { name: 'title', value: 'Listener Upload' },
      { name: 'artist', value: 'A' },
      { name: 'song', filename: 'a.wav', type: 'audio/wav', data },
    ];
    const asListener = await upload(parts, listener);
    expect(asListener.status).toBe(403);
    expect(asListener.body).toEqual({ success: false, message: 'Only admins can upload tracks' });
    expect((await upload(parts, null)).status).toBe(401);
    expect(await rowsTitled('Listener Upload')).toEqual([]);
  });
});
