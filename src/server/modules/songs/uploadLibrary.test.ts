import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { parseBuffer } from 'music-metadata';
import { songs } from '../../db/schema';
import { BLUE, inspect, near, RED, writeTwoColourPng } from '../../library/artwork/test/images';
import { HAS_FFMPEG, itWithFfmpeg, makeMusicDir, makeTrack, type TrackSpec } from '../../library/scan/test/makeTracks';
import { scanNow } from '../../library/scan/test/scanApp';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';
import { multipartBody, type Part } from './test/multipartBody';

let t: TestApp;
let musicDir: string;
let sources: string;
let admin: TestUser;
let listener: TestUser;

const SHARED = { artist: 'Upload Band', album_artist: 'Upload Band', album: 'Shared Album', date: '2021' };

beforeAll(async () => {
  musicDir = await makeMusicDir();
  sources = await makeMusicDir();
  if (HAS_FFMPEG) await makeTrack(musicDir, 'Upload Band/Shared Album/01.flac', { format: 'flac', tags: { ...SHARED, title: 'Scanned One', track: '1/3' } });
  // a small limit keeps the over-limit case quick; docs/product.md §5.4
  t = await createTestApp({ env: { MUSIC_DIR: musicDir, MAX_UPLOAD_MB: '1' } });
  admin = await createUser(t, { role: 'admin' });
  listener = await createUser(t);
  if (HAS_FFMPEG) await scanNow(t);
});
afterAll(async () => t?.close());

async function upload(parts: Part[], user: TestUser = admin) {
  const { payload, headers } = multipartBody(parts);
  const res = await t.app.inject({ method: 'POST', url: '/api/songs/upload', payload, headers: { ...headers, ...user.headers } });
  return { status: res.statusCode, body: res.json() as { success: boolean; song: { id: string; title: string; artist: string }; message?: string } };
}

async function trackBytes(name: string, spec: TrackSpec) {
  return readFile(await makeTrack(sources, name, spec));
}

const rowOf = async (id: string) => (await t.app.db.select().from(songs).where(eq(songs.id, id)))[0];
const mediaFiles = async () => (await readdir(t.config.mediaDir)).filter((f) => f !== 'tmp').sort();

describe('POST /api/songs/upload: every library format, tags read like a scan', () => {
  const FORMATS = [
    ['FLAC', 'flac', 'audio/flac', 'flac', 2],
    ['M4A (AAC)', 'm4a', 'audio/mp4', 'm4a', 3],
  ] as const;
  for (const [kind, format, mime, ext, track] of FORMATS)
    itWithFfmpeg(`reads a tagged ${kind} and joins the scanned album with the same tags`, async () => {
      const data = await trackBytes(`up-${format}.${format}`, {
        format,
        frequency: 300 + track,
        tags: { ...SHARED, title: `Uploaded ${ext}`, track: `${track}/3`, genre: 'Ambient' },
      });
      const { status, body } = await upload([{ name: 'song', filename: `whatever.bin`, type: 'application/octet-stream', data }]);
      expect(status).toBe(201);
      expect(body.song).toMatchObject({ title: `Uploaded ${ext}`, artist: 'Upload Band' });
      const row = await rowOf(body.song.id);
      const [scanned] = await t.app.db.select().from(songs).where(eq(songs.title, 'Scanned One'));
      expect(row).toMatchObject({
        source: 'upload',
        filePath: null,
        uploadedBy: admin.user.id,
        mimeType: mime,
        album: 'Shared Album',
        trackNumber: track,
        year: 2021,
      });
      expect(row.artists).toEqual(['Upload Band']);
      expect(row.genres).toEqual(['Ambient']);
      expect(row.albumId).toBe(scanned.albumId);
      expect(row.path).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${ext}$`));
      expect((await readFile(path.join(t.config.mediaDir, row.path))).equals(data)).toBe(true);
      const stream = await t.app.inject({ method: 'GET', url: `/api/songs/stream/${row.id}`, headers: listener.headers });
      expect(stream.statusCode).toBe(200);
      expect(stream.headers['content-type']).toBe(mime);
    });

  itWithFfmpeg('keeps uploads in the album after a rescan of MUSIC_DIR', async () => {
    await scanNow(t);
    const album = await t.app.db.select({ title: songs.title, source: songs.source }).from(songs).where(eq(songs.album, 'Shared Album'));
    expect(album.map((s) => s.title).sort()).toEqual(['Scanned One', 'Uploaded flac', 'Uploaded m4a']);
    const [scanned] = await t.app.db.select().from(songs).where(eq(songs.title, 'Scanned One'));
    const res = await t.app.inject({ method: 'GET', url: `/api/albums/${scanned.albumId}`, headers: listener.headers });
    expect(res.json().album.songs.map((s: { title: string }) => s.title)).toEqual(['Scanned One', 'Uploaded flac', 'Uploaded m4a']);
  });

  itWithFfmpeg('takes an ALAC upload and streams it as FLAC', async () => {
    const data = await trackBytes('alac.m4a', { format: 'alac', seconds: 2, tags: { title: 'Lossless Upload', artist: 'Al' } });
    const { status, body } = await upload([{ name: 'song', filename: 'alac.m4a', type: 'audio/mp4', data }]);
    expect(status).toBe(201);
    expect(await rowOf(body.song.id)).toMatchObject({ codec: 'alac', playable: true });
    const stream = await t.app.inject({ method: 'GET', url: `/api/songs/stream/${body.song.id}`, headers: { ...listener.headers, range: 'bytes=0-' } });
    expect(stream.statusCode).toBe(206);
    expect(stream.headers['content-type']).toBe('audio/flac');
    expect((await parseBuffer(stream.rawPayload, { mimeType: 'audio/flac' })).format.duration).toBeCloseTo(2, 1);
  });

  itWithFfmpeg('shows the embedded cover of an uploaded FLAC as its artwork', async () => {
    const cover = await writeTwoColourPng(path.join(sources, 'cover-art.png'), RED, BLUE);
    const data = await trackBytes('covered.flac', { format: 'flac', seconds: 1, cover, tags: { title: 'Covered Upload', artist: 'Cee', album: 'Covered' } });
    const { status, body } = await upload([{ name: 'song', filename: 'covered.flac', type: 'audio/flac', data }]);
    expect(status).toBe(201);
    const { artworkUrl } = body.song as { artworkUrl?: string | null };
    expect(artworkUrl).toMatch(/^\/api\/artwork\/[0-9a-f]{32}$/);
    const res = await t.app.inject({ method: 'GET', url: `${artworkUrl}?size=300`, headers: listener.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(near((await inspect(res.rawPayload, 60, 150)).pixel, RED)).toBe(true);
    expect(near((await inspect(res.rawPayload, 240, 150)).pixel, BLUE)).toBe(true);
  });

  it('refuses a file over MAX_UPLOAD_MB with the size message and keeps nothing', async () => {
    const before = await mediaFiles();
    const { status, body } = await upload([{ name: 'song', filename: 'big.flac', type: 'audio/flac', data: Buffer.alloc(1024 * 1024 + 1) }]);
    expect(status).toBe(413);
    expect(body).toEqual({ success: false, message: 'File is too large. Maximum file size is 1MB.' });
    expect(await mediaFiles()).toEqual(before);
    expect(await readdir(path.join(t.config.mediaDir, 'tmp'))).toEqual([]);
  });

  it('refuses a file that is not audio with the type message', async () => {
    const before = await mediaFiles();
    const data = Buffer.from('%PDF-1.7 not a song\n'.repeat(50));
    const { status, body } = await upload([{ name: 'song', filename: 'notes.flac', type: 'audio/flac', data }]);
    expect(status).toBe(415);
    expect(body).toEqual({ success: false, message: 'Invalid file type. Please upload an MP3, FLAC, OGG, Opus, M4A, WAV, or AIFF file.' });
    expect(await mediaFiles()).toEqual(before);
  });

  it('refuses a listener with 403', async () => {
    const before = await mediaFiles();
    const { status, body } = await upload([{ name: 'song', filename: 'a.flac', type: 'audio/flac', data: Buffer.from('fLaC') }], listener);
    expect(status).toBe(403);
    expect(body).toEqual({ success: false, message: 'Only admins can upload tracks' });
    expect(await mediaFiles()).toEqual(before);
  });
});
