import { copyFile, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { songs } from '../../db/schema';
import { HAS_FFMPEG, itWithFfmpeg, makeMusicDir, makeTrack } from '../../library/scan/test/makeTracks';
import { createScanApp, scanNow } from '../../library/scan/test/scanApp';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';
import { insertSong } from '../../library/test/songFixtures';

let t: TestApp;
let root: string;
let admin: TestUser;
let listener: TestUser;

beforeAll(async () => {
  root = await makeMusicDir();
  if (HAS_FFMPEG) {
    await makeTrack(root, 'Lossless/track.flac', { format: 'flac', seconds: 2, tags: { title: 'Flac Track', artist: 'Fl', album: 'Lossless' } });
    await makeTrack(root, 'Apple/alac.m4a', { format: 'alac', tags: { title: 'Alac Track', artist: 'Al', album: 'Apple' } });
    await makeTrack(root, 'Apple/aiff.aiff', { format: 'aiff', frequency: 300, tags: { title: 'Aiff Track', artist: 'Al', album: 'Apple' } });
  }
  t = await createScanApp(root, { ffmpegAvailable: () => false });
  admin = await createUser(t, { role: 'admin' });
  listener = await createUser(t);
});
afterAll(async () => t?.close());

const scanRequest = (method: 'GET' | 'POST', headers?: Record<string, string>) => t.app.inject({ method, url: '/api/library/scan', headers });

describe('/api/library/scan', () => {
  it('answers 401 to visitors and 403 to listeners', async () => {
    for (const method of ['GET', 'POST'] as const) {
      expect((await scanRequest(method)).statusCode).toBe(401);
      const res = await scanRequest(method, listener.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, message: 'You do not have permission to do this' });
    }
  });

  it('shows an admin that no scan has run yet', async () => {
    const res = await scanRequest('GET', admin.headers);
    expect(res.json()).toEqual({ success: true, configured: true, running: false, progress: null, lastResult: null });
  });

  itWithFfmpeg('starts one scan at a time: a second start while it runs answers 409', async () => {
    const [a, b] = await Promise.all([scanRequest('POST', admin.headers), scanRequest('POST', admin.headers)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    expect((a.statusCode === 409 ? a : b).json()).toEqual({ success: false, message: 'A library scan is already running' });
    await t.app.library.whenIdle();
    const status = (await scanRequest('GET', admin.headers)).json();
    expect(status).toMatchObject({ running: false, progress: null, lastResult: { outcome: 'completed', counters: { added: 3, filesSeen: 3 } } });
  });

  itWithFfmpeg('lists ALAC and AIFF as not playable, with the reason, when ffmpeg is absent', async () => {
    const [alac] = await t.app.db.select().from(songs).where(eq(songs.title, 'Alac Track'));
    const [aiff] = await t.app.db.select().from(songs).where(eq(songs.title, 'Aiff Track'));
    expect(alac).toMatchObject({ codec: 'alac', playable: false, unplayableReason: expect.stringContaining('ALAC needs ffmpeg') });
    expect(aiff).toMatchObject({ codec: 'pcm', mimeType: 'audio/aiff', playable: false, unplayableReason: expect.stringContaining('AIFF needs ffmpeg') });
    // its stream says why instead of sending bytes the browser would fail on silently
    const res = await t.app.inject({ method: 'GET', url: `/api/songs/stream/${alac.id}`, headers: listener.headers });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ success: false, message: alac.unplayableReason });
  });

  itWithFfmpeg('marks ALAC and AIFF playable when ffmpeg is present', async () => {
    const withFfmpeg = await createScanApp(root, { ffmpegAvailable: () => true });
    try {
      await scanNow(withFfmpeg);
      const rows = await withFfmpeg.app.db.select({ title: songs.title, playable: songs.playable }).from(songs);
      expect(rows.every((r) => r.playable)).toBe(true);
    } finally {
      await withFfmpeg.close();
    }
  });

  itWithFfmpeg('streams a scanned FLAC from MUSIC_DIR with a byte-exact Range answer', async () => {
    const [flac] = await t.app.db.select().from(songs).where(eq(songs.title, 'Flac Track'));
    const bytes = await readFile(path.join(root, 'Lossless/track.flac'));
    const res = await t.app.inject({ method: 'GET', url: `/api/songs/stream/${flac.id}`, headers: { ...listener.headers, range: 'bytes=100-1099' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-type']).toBe('audio/flac');
    expect(res.headers['content-range']).toBe(`bytes 100-1099/${bytes.length}`);
    expect(res.rawPayload.equals(bytes.subarray(100, 1100))).toBe(true);
  });

  itWithFfmpeg('never streams a scanned path outside the MUSIC_DIR roots, through a link neither', async () => {
    const outsideDir = await makeMusicDir();
    const outside = path.join(outsideDir, 'secret.flac');
    await copyFile(path.join(root, 'Lossless/track.flac'), outside);
    await symlink(outside, path.join(root, 'Lossless/link.flac'));
    const row = await insertSong(t.app.db, { title: 'Escape', artist: 'Nobody' });
    const streamWith = async (filePath: string) => {
      await t.app.db.update(songs).set({ source: 'scan', filePath }).where(eq(songs.id, row.id));
      const res = await t.app.inject({ method: 'GET', url: `/api/songs/stream/${row.id}`, headers: listener.headers });
      return res.statusCode;
    };
    expect(await streamWith(outside)).toBe(404);
    expect(await streamWith(path.join(root, 'Lossless/link.flac'))).toBe(404);
    expect(await streamWith(path.join(root, '..', path.basename(outsideDir), 'secret.flac'))).toBe(404);
    // the same row pointed inside the root streams: the refusals above are the root check, not a missing file
    await copyFile(outside, path.join(root, 'Lossless/copy.flac'));
    expect(await streamWith(path.join(root, 'Lossless/copy.flac'))).toBe(200);
  });
});

describe('/api/library/scan without MUSIC_DIR', () => {
  it('answers 409 with how to set it up', async () => {
    const bare = await createTestApp();
    try {
      const owner = await createUser(bare, { role: 'admin' });
      const res = await bare.app.inject({ method: 'POST', url: '/api/library/scan', headers: owner.headers });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/MUSIC_DIR/);
      expect((await bare.app.inject({ method: 'GET', url: '/api/library/scan', headers: owner.headers })).json()).toMatchObject({
        configured: false,
        running: false,
      });
    } finally {
      await bare.close();
    }
  });
});
