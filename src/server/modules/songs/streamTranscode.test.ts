import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { parseBuffer } from 'music-metadata';
import { songs } from '../../db/schema';
import { HAS_FFMPEG, itWithFfmpeg, makeMusicDir, makeTrack } from '../../library/scan/test/makeTracks';
import { createScanApp, scanNow } from '../../library/scan/test/scanApp';
import { TRANSCODE_FAILED } from '../../library/transcode/transcodedFile';
import { createUser, type TestApp, type TestUser } from '../../test/testApp';

let t: TestApp;
let root: string;
let listener: TestUser;
/** what the app believes about ffmpeg at request time; the scan ran with it present */
let hasFfmpeg = true;

beforeAll(async () => {
  root = await makeMusicDir();
  if (HAS_FFMPEG) {
    await makeTrack(root, 'Apple/alac.m4a', { format: 'alac', seconds: 3, tags: { title: 'Alac Song', artist: 'Al', album: 'Apple' } });
    await makeTrack(root, 'Apple/aiff.aiff', { format: 'aiff', seconds: 2, frequency: 300, tags: { title: 'Aiff Song', artist: 'Al', album: 'Apple' } });
    await makeTrack(root, 'Apple/busy.aiff', { format: 'aiff', seconds: 1, frequency: 350, tags: { title: 'Busy Song', artist: 'Al', album: 'Apple' } });
    await makeTrack(root, 'Apple/broken.m4a', { format: 'alac', seconds: 1, frequency: 500, tags: { title: 'Broken Song', artist: 'Al', album: 'Apple' } });
  }
  t = await createScanApp(root, { ffmpegAvailable: () => hasFfmpeg });
  listener = await createUser(t);
  if (HAS_FFMPEG) await scanNow(t);
});
afterAll(async () => t?.close());

async function songTitled(title: string) {
  const [row] = await t.app.db.select().from(songs).where(eq(songs.title, title));
  return row;
}

const stream = (id: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url: `/api/songs/stream/${id}`, headers: { ...listener.headers, ...headers } });

async function cachedCopies(id: string): Promise<string[]> {
  const dir = path.join(t.config.dataDir, 'transcode');
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => n.startsWith(id)).map((n) => path.join(dir, n));
}

describe('GET /api/songs/stream/:id for ALAC and AIFF', () => {
  itWithFfmpeg('waits for a busy ffmpeg pool, then answers 503 with Retry-After, never the AIFF itself; served once a slot frees', async () => {
    const busy = await songTitled('Busy Song');
    const { pool } = t.app.flacCopies;
    const wait = pool.settings.copyWaitMs;
    pool.settings.copyWaitMs = 300;
    const held = await Promise.all(Array.from({ length: pool.settings.size }, () => pool.acquire('another listener', 1000)));
    try {
      const started = Date.now();
      const res = await stream(busy.id);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().message).toMatch(/busy converting other songs .* to FLAC/);
    } finally {
      for (const release of held) release();
      pool.settings.copyWaitMs = wait;
    }
    const served = await stream(busy.id);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('audio/flac');
  });

  itWithFfmpeg('answers a Range request with FLAC that reads back with the right duration', async () => {
    const alac = await songTitled('Alac Song');
    expect(alac).toMatchObject({ codec: 'alac', playable: true });
    const res = await stream(alac.id, { range: 'bytes=0-' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-type']).toBe('audio/flac');
    expect(res.headers['accept-ranges']).toBe('bytes');
    const [copy] = await cachedCopies(alac.id);
    const size = (await readFile(copy)).length;
    expect(res.headers['content-range']).toBe(`bytes 0-${size - 1}/${size}`);
    const { format } = await parseBuffer(res.rawPayload, { mimeType: 'audio/flac' });
    expect(format.container).toBe('FLAC');
    expect(format.duration).toBeCloseTo(3, 1);
  });

  itWithFfmpeg('makes a smaller copy to keep on a device when asked (maxBitRate): MP3 at that rate; a rate out of 32-320 is refused', async () => {
    const alac = await songTitled('Alac Song');
    const smaller = await t.app.inject({ method: 'GET', url: `/api/songs/stream/${alac.id}?maxBitRate=128`, headers: listener.headers });
    expect(smaller.statusCode).toBe(200);
    expect(smaller.headers['content-type']).toBe('audio/mpeg');
    const { format } = await parseBuffer(smaller.rawPayload, { mimeType: 'audio/mpeg' });
    expect(format.codec).toMatch(/MPEG 1 Layer 3/);
    expect(format.bitrate).toBe(128_000);
    expect(format.duration).toBeCloseTo(3, 0);
    expect(smaller.rawPayload.length).toBeLessThan(3 * 16_000 + 4_000);

    const refused = await t.app.inject({ method: 'GET', url: `/api/songs/stream/${alac.id}?maxBitRate=5`, headers: listener.headers });
    expect(refused.statusCode).toBe(400);
    const stranger = await t.app.inject({ method: 'GET', url: `/api/songs/stream/${alac.id}?maxBitRate=128` });
    expect(stranger.statusCode).toBe(401);
  });

  itWithFfmpeg('serves a middle range byte for byte from the cached copy, and HEAD without a body', async () => {
    const alac = await songTitled('Alac Song');
    const [copy] = await cachedCopies(alac.id);
    const bytes = await readFile(copy);
    const res = await stream(alac.id, { range: 'bytes=1000-2999' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 1000-2999/${bytes.length}`);
    expect(res.rawPayload.equals(bytes.subarray(1000, 3000))).toBe(true);
    const head = await stream(alac.id, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
    expect(head.rawPayload.length).toBe(0);
  });

  itWithFfmpeg('makes one copy when two first requests come at once', async () => {
    const aiff = await songTitled('Aiff Song');
    expect(await cachedCopies(aiff.id)).toEqual([]);
    const [a, b] = await Promise.all([stream(aiff.id), stream(aiff.id, { range: 'bytes=0-99' })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 206]);
    const copies = await cachedCopies(aiff.id);
    expect(copies).toHaveLength(1);
    const bytes = await readFile(copies[0]);
    expect(a.rawPayload.equals(bytes)).toBe(true);
    expect(b.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);
    const { format } = await parseBuffer(a.rawPayload, { mimeType: 'audio/flac' });
    expect(format.duration).toBeCloseTo(2, 1);
    // no part file is left beside the copies
    expect((await readdir(path.dirname(copies[0]))).filter((n) => n.endsWith('.part'))).toEqual([]);
  });

  itWithFfmpeg('answers a clear error when ffmpeg fails on the file', async () => {
    const broken = await songTitled('Broken Song');
    await writeFile(path.join(root, 'Apple/broken.m4a'), Buffer.alloc(8192, 3));
    const res = await stream(broken.id);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: TRANSCODE_FAILED });
    expect(await cachedCopies(broken.id)).toEqual([]);
  });

  itWithFfmpeg('answers 415 with the reason when ffmpeg is gone, even with a copy cached', async () => {
    const alac = await songTitled('Alac Song');
    const aiff = await songTitled('Aiff Song');
    hasFfmpeg = false;
    try {
      const a = await stream(alac.id, { range: 'bytes=0-' });
      expect(a.statusCode).toBe(415);
      expect(a.json()).toEqual({ success: false, message: 'ALAC needs ffmpeg on the server to play in a browser; install ffmpeg and rescan' });
      const b = await stream(aiff.id);
      expect(b.statusCode).toBe(415);
      expect(b.json().message).toBe('AIFF needs ffmpeg on the server to play in a browser; install ffmpeg and rescan');
    } finally {
      hasFfmpeg = true;
    }
  });
});
