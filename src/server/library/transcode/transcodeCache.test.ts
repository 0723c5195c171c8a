import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseFile } from 'music-metadata';
import { HAS_FFMPEG, itWithFfmpeg, makeMusicDir, makeTrack } from '../scan/test/makeTracks';
import { evictCache } from './evictCache';
import { TranscodeError } from './runFfmpeg';
import { TranscodeCache } from './transcodeCache';

let root: string;
let alac: string;
let aiff: string;

beforeAll(async () => {
  root = await makeMusicDir();
  if (!HAS_FFMPEG) return;
  alac = await makeTrack(root, 'a.m4a', { format: 'alac', seconds: 3 });
  aiff = await makeTrack(root, 'b.aiff', { format: 'aiff', seconds: 2, frequency: 300 });
});

/** The id of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn('true');
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

const cacheDir = () => mkdtemp(path.join(os.tmpdir(), 'wavelength-transcode-'));

describe('TranscodeCache', () => {
  itWithFfmpeg('makes a FLAC copy of ALAC and AIFF with the same duration, once', async () => {
    const cache = new TranscodeCache({ dir: await cacheDir(), maxBytes: 100 * 1024 * 1024 });
    for (const [id, source, seconds] of [
      ['song-a', alac, 3],
      ['song-b', aiff, 2],
    ] as const) {
      const flac = await cache.flacOf(id, source);
      const { format } = await parseFile(flac);
      expect(format.container).toBe('FLAC');
      expect(format.duration).toBeCloseTo(seconds, 1);
      expect(await cache.flacOf(id, source)).toBe(flac);
    }
    expect(cache.transcodes).toBe(2);
  });

  itWithFfmpeg('runs one ffmpeg for concurrent requests of the same song, and leaves no part file', async () => {
    const dir = await cacheDir();
    const cache = new TranscodeCache({ dir, maxBytes: 100 * 1024 * 1024 });
    const paths = await Promise.all([cache.flacOf('s', alac), cache.flacOf('s', alac), cache.flacOf('s', alac)]);
    expect(new Set(paths).size).toBe(1);
    expect(cache.transcodes).toBe(1);
    expect(await readdir(dir)).toEqual([path.basename(paths[0])]);
  });

  itWithFfmpeg('fails with a TranscodeError, and no file left, on a file ffmpeg cannot decode', async () => {
    const dir = await cacheDir();
    const broken = path.join(root, 'broken.m4a');
    await writeFile(broken, Buffer.alloc(4096, 7));
    const cache = new TranscodeCache({ dir, maxBytes: 1024 * 1024 });
    await expect(cache.flacOf('x', broken)).rejects.toBeInstanceOf(TranscodeError);
    expect(await readdir(dir)).toEqual([]);
  });

  itWithFfmpeg('removes at once every part file a dead server left, not those another live server is writing', async () => {
    const dir = await cacheDir();
    // a fresh part of a dead process (an ffmpeg killed with its server a moment ago), one without an owner, and one of a live process
    const dead = path.join(dir, `x-1-2.flac.${await deadPid()}-0a1b.part`);
    const legacy = path.join(dir, 'z-1-2.flac.dead.part');
    const live = path.join(dir, `y-1-2.flac.${process.ppid}-0a1b.part`);
    for (const file of [dead, legacy, live]) await writeFile(file, 'partly written');
    const cache = new TranscodeCache({ dir, maxBytes: 100 * 1024 * 1024, timeoutMs: 60_000 });
    const flac = await cache.flacOf('s', aiff);
    expect((await readdir(dir)).sort()).toEqual([path.basename(flac), path.basename(live)].sort());
  });

  it('kills an ffmpeg that runs past its time', async () => {
    const dir = await cacheDir();
    const slow = path.join(dir, 'slow-ffmpeg.sh');
    await writeFile(slow, '#!/bin/sh\nexec sleep 30\n');
    await chmod(slow, 0o755);
    const source = path.join(dir, 'in.aiff');
    await writeFile(source, 'x');
    const cache = new TranscodeCache({ dir: path.join(dir, 'cache'), maxBytes: 1024, ffmpegPath: slow, timeoutMs: 200 });
    const started = Date.now();
    await expect(cache.flacOf('slow', source)).rejects.toThrow('ffmpeg ran longer than 200 ms and was stopped');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('evictCache', () => {
  it('removes the least recently used copies until the folder fits, never the one kept', async () => {
    const dir = await cacheDir();
    const names = ['old.flac', 'middle.flac', 'new.flac', 'kept.flac'];
    for (const [i, name] of names.entries()) {
      await writeFile(path.join(dir, name), Buffer.alloc(1000));
      const when = new Date(Date.UTC(2026, 0, 1 + i));
      await utimes(path.join(dir, name), when, when);
    }
    // kept is the oldest use but is the file being served
    await utimes(path.join(dir, 'kept.flac'), new Date(Date.UTC(2025, 0, 1)), new Date());
    const left = await evictCache(dir, 2000, (file) => file === path.join(dir, 'kept.flac'));
    expect(left).toBe(2000);
    expect((await readdir(dir)).sort()).toEqual(['kept.flac', 'new.flac']);
    expect((await stat(path.join(dir, 'new.flac'))).size).toBe(1000);
  });
});
