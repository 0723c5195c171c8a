import { execFile } from 'node:child_process';
import { mkdir, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ffmpegAvailable } from '../ffmpeg';

const run = promisify(execFile);

/** Whether the tests can make real audio files; the cases that need them skip (with a message) when not. */
export const HAS_FFMPEG = ffmpegAvailable();

let warned = false;
function warnSkipped(): void {
  if (warned) return;
  warned = true;
  console.warn('library scan tests skipped: ffmpeg is not installed (apt-get install ffmpeg)');
}

/** `it` when ffmpeg can make the test's audio files, else `it.skip` with one warning per test file. */
export function itWithFfmpeg(name: string, fn: jest.ProvidesCallback, timeout?: number): void {
  if (HAS_FFMPEG) it(name, fn, timeout);
  else {
    warnSkipped();
    it.skip(name, fn, timeout);
  }
}

/** `describe` when ffmpeg can make the test's audio files, else `describe.skip` with one warning per test file. */
export function describeWithFfmpeg(name: string, fn: () => void): void {
  if (HAS_FFMPEG) describe(name, fn);
  else {
    warnSkipped();
    describe.skip(name, fn);
  }
}

export type TrackFormat = 'mp3' | 'flac' | 'ogg' | 'opus' | 'm4a' | 'alac' | 'wav' | 'aiff';

const ENCODER: Record<TrackFormat, string[]> = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3'],
  flac: ['-c:a', 'flac', '-f', 'flac'],
  ogg: ['-c:a', 'libvorbis', '-f', 'ogg'],
  opus: ['-c:a', 'libopus', '-f', 'ogg'],
  m4a: ['-c:a', 'aac', '-b:a', '64k', '-f', 'ipod'],
  alac: ['-c:a', 'alac', '-f', 'ipod'],
  wav: ['-c:a', 'pcm_s16le', '-f', 'wav'],
  aiff: ['-c:a', 'pcm_s16be', '-write_id3v2', '1', '-f', 'aiff'],
};

export interface TrackSpec {
  format?: TrackFormat;
  seconds?: number;
  /** a tone per track, so two tracks differ in their bytes */
  frequency?: number;
  /** ffmpeg -metadata key=value pairs: title, artist, album, album_artist, track, disc, date, genre, compilation, ... */
  tags?: Record<string, string>;
  /** an image file embedded as the front cover (flac and mp3) */
  cover?: string;
  /** 'copy' embeds the cover's bytes as they are (a broken image ffmpeg cannot decode), 'png' (default) re-encodes it */
  coverCodec?: 'png' | 'copy';
}

/** A fresh temporary folder to serve as a MUSIC_DIR root. */
export async function makeMusicDir(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'wavelength-music-'));
}

/** Writes a real tagged audio file with ffmpeg at root/relPath (folders made); answers its absolute path. */
export async function makeTrack(root: string, relPath: string, spec: TrackSpec = {}): Promise<string> {
  const target = path.join(root, relPath);
  await mkdir(path.dirname(target), { recursive: true });
  const format = spec.format ?? 'mp3';
  const tone = `sine=frequency=${spec.frequency ?? 440}:duration=${spec.seconds ?? 1}`;
  const metadata = Object.entries(spec.tags ?? {}).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
  const rate = format === 'opus' ? ['-ar', '48000'] : ['-ar', '44100'];
  const cover = spec.cover ? ['-i', spec.cover, '-map', '0:a', '-map', '1', '-c:v', spec.coverCodec ?? 'png', '-disposition:v', 'attached_pic'] : [];
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', tone, ...cover, ...rate, '-ac', '1', ...metadata, ...ENCODER[format], target]);
  return target;
}
