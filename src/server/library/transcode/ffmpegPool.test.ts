import { execFile } from 'node:child_process';
import { mkdtemp, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { itWithFfmpeg, makeMusicDir, makeTrack } from '../scan/test/makeTracks';
import { FfmpegPool, PoolBusyError } from './ffmpegPool';
import { TranscodeCache } from './transcodeCache';

const run = promisify(execFile);
let alac: string;
/** long enough that each copy's ffmpeg lives a few hundred ms: pgrep, slow on a loaded machine, still sees them */
let longAlac: string;

beforeAll(async () => {
  const root = await makeMusicDir();
  alac = await makeTrack(root, 'a.m4a', { format: 'alac', seconds: 2 });
  longAlac = await makeTrack(root, 'long.m4a', { format: 'alac', seconds: 20 });
}, 60_000);

const cacheDir = () => mkdtemp(path.join(os.tmpdir(), 'wavelength-pool-'));

/** The ffmpeg processes (not their wrappers) whose arguments name `dir`, counted by pgrep (fast enough to see short runs). */
async function ffmpegsWriting(dir: string): Promise<number> {
  try {
    const { stdout } = await run('pgrep', ['-c', '-f', `^ffmpeg .*${dir}`]);
    return Number(stdout.trim());
  } catch {
    // pgrep exits 1 when nothing matches
    return 0;
  }
}

describe('FfmpegPool', () => {
  it('serves the owners waiting in turn, so one asking for many does not pass before another', async () => {
    const pool = new FfmpegPool({ size: 1 });
    const order: string[] = [];
    const first = await pool.acquire('greedy', 1000);
    const waits = ['greedy', 'greedy', 'greedy', 'other'].map((owner, i) =>
      pool.acquire(owner, 5000).then((release) => {
        order.push(`${owner}${i}`);
        setTimeout(release, 5);
      }),
    );
    expect(pool.queued).toBe(4);
    first();
    await Promise.all(waits);
    expect(order).toEqual(['greedy0', 'other3', 'greedy1', 'greedy2']);
    expect(pool.peak).toBe(1);
  });

  it('answers busy after the wait when no slot frees, and forgets the waiter', async () => {
    const pool = new FfmpegPool({ size: 1 });
    const held = await pool.acquire('a', 1000);
    await expect(pool.acquire('b', 50)).rejects.toBeInstanceOf(PoolBusyError);
    expect(pool.queued).toBe(0);
    held();
    expect(pool.running).toBe(0);
  });
});

describe('FLAC copies in the pool', () => {
  itWithFfmpeg(
    'runs at most the pool’s size of ffmpeg for 24 concurrent copy requests, and serves all 24',
    async () => {
      const dir = await cacheDir();
      const cache = new TranscodeCache({ dir, maxBytes: 100 * 1024 * 1024, pool: new FfmpegPool({ size: 2, copyWaitMs: 60_000 }) });
      let most = 0;
      let watching = true;
      const watcher = (async () => {
        while (watching) {
          most = Math.max(most, await ffmpegsWriting(dir));
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      const copies = await Promise.all(Array.from({ length: 24 }, (_, i) => cache.flacOf(`song-${i}`, longAlac, 'one-listener')));
      watching = false;
      await watcher;
      expect(new Set(copies).size).toBe(24);
      for (const copy of copies) expect((await stat(copy)).size).toBeGreaterThan(0);
      expect(cache.transcodes).toBe(24);
      expect(most).toBeGreaterThan(0);
      expect(most).toBeLessThanOrEqual(2);
    },
    60_000,
  );

  itWithFfmpeg(
    'keeps the folder under TRANSCODE_CACHE_MB while a copy being served stays',
    async () => {
      const dir = await cacheDir();
      const probe = new TranscodeCache({ dir: await cacheDir(), maxBytes: 100 * 1024 * 1024 });
      const copyBytes = (await stat(await probe.flacOf('probe', alac))).size;
      const maxBytes = Math.floor(copyBytes * 3.5);
      const cache = new TranscodeCache({ dir, maxBytes, pool: new FfmpegPool({ size: 2 }) });
      const served = await cache.lease('served', alac, 'listener');
      for (let i = 0; i < 5; i += 1) {
        await Promise.all([cache.flacOf(`other-${i}a`, alac, 'x'), cache.flacOf(`other-${i}b`, alac, 'y')]);
        expect(await cache.sizeBytes()).toBeLessThanOrEqual(maxBytes);
        expect((await stat(served.path)).size).toBe(copyBytes);
      }
      served.release();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await cache.sizeBytes()).toBeLessThanOrEqual(maxBytes);
    },
    60_000,
  );
});
