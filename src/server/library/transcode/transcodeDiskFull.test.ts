import { writeFileSync } from 'node:fs';
import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { isDiskFull } from '../../lib/diskFull';
import { itWithFfmpeg, makeMusicDir, makeTrack } from '../scan/test/makeTracks';
import { spawnFfmpeg, type SpawnFfmpeg } from './spawnFfmpeg';
import { TranscodeCache } from './transcodeCache';
import { transcodedFile } from './transcodedFile';

/**
 * A FLAC copy made on a full disk (issue 27, item 10): the real ffmpeg writes to /dev/full, whose
 * every write fails with ENOSPC, after half a part file was written as a disk filling up leaves it.
 */
const fullDiskSpawn: SpawnFfmpeg = (ffmpegPath, args, stdout) => {
  const part = args[args.length - 1];
  writeFileSync(part, Buffer.alloc(4096, 1));
  return spawnFfmpeg(ffmpegPath, [...args.slice(0, -1), '/dev/full'], stdout);
};

describe('a FLAC copy on a full disk', () => {
  itWithFfmpeg('fails as a full disk (the 507), not as ffmpeg failing (a 500), and leaves no part file', async () => {
    const root = await makeMusicDir();
    // short enough that ffmpeg meets the full disk only at its trailer, where it still exits 0
    const alac = await makeTrack(root, 'a.m4a', { format: 'alac', seconds: 2 });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'wavelength-transcode-'));
    const cache = new TranscodeCache({ dir, maxBytes: 100 * 1024 * 1024, spawn: fullDiskSpawn });
    const copy = transcodedFile({
      cache,
      hasFfmpeg: true,
      songId: 'song-a',
      codec: 'alac',
      sourcePath: alac,
      owner: 'u',
      log: { error: () => undefined } as unknown as FastifyBaseLogger,
    });
    const error = await copy.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect(isDiskFull(error)).toBe(true);
    expect(await readdir(dir)).toEqual([]);
  });
});
