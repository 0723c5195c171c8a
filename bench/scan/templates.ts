import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { flacParts } from './tagWriters';

const run = promisify(execFile);

/** The untagged audio every generated file is built from: a few tones per format, a few KB each. */
export interface Templates {
  mp3: Buffer[];
  flac: { streamInfo: Buffer; frames: Buffer }[];
}

const TONES = [330, 440, 550, 660];

/** MP3 (1 s, 32 kbit/s mono, Xing header, no tag) and FLAC (0.5 s, 8 kHz mono, no tag) made by ffmpeg into `dir`. */
export async function makeTemplates(dir: string): Promise<Templates> {
  const out: Templates = { mp3: [], flac: [] };
  for (const hz of TONES) {
    const mp3 = path.join(dir, `tone-${hz}.mp3`);
    const flac = path.join(dir, `tone-${hz}.flac`);
    const tone = (seconds: number) => ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=${seconds}`, '-ac', '1', '-map_metadata', '-1'];
    await run('ffmpeg', [...tone(1), '-ar', '44100', '-id3v2_version', '0', '-write_xing', '1', '-c:a', 'libmp3lame', '-b:a', '32k', '-f', 'mp3', mp3]);
    await run('ffmpeg', [...tone(0.5), '-ar', '8000', '-c:a', 'flac', '-f', 'flac', flac]);
    out.mp3.push(await readFile(mp3));
    out.flac.push(flacParts(await readFile(flac)));
  }
  return out;
}

const SIDE = 160;

/** A distinct cover per album (a gradient from its index), as a JPEG of a few KB. */
export async function coverArt(index: number): Promise<Buffer> {
  const pixels = Buffer.alloc(SIDE * SIDE * 3);
  const r0 = (index * 67) % 256;
  const g0 = (index * 151) % 256;
  const b0 = (index * 29) % 256;
  for (let y = 0; y < SIDE; y += 1) {
    for (let x = 0; x < SIDE; x += 1) {
      const at = (y * SIDE + x) * 3;
      pixels[at] = (r0 + x) % 256;
      pixels[at + 1] = (g0 + y) % 256;
      pixels[at + 2] = (b0 + ((x * y) >> 6)) % 256;
    }
  }
  return sharp(pixels, { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .jpeg({ quality: 75 })
    .toBuffer();
}
