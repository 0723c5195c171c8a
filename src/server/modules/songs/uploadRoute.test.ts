import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { songs } from '../../db/schema';
import type { TestUser } from '../../test/testApp';
import { streamCookieHeader } from './test/streamCookieHeader';
import { multipartBody, type Part } from './test/multipartBody';
import { FIXTURES, admin, listener, search, t, type SongJson, useSongsTestApp } from './test/songsApp';

/** Uploading a song: POST /api/songs/upload (docs/product.md §5.4). */
useSongsTestApp();

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
