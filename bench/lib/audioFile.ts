import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { encodeWav } from '../../src/server/media/wav';
import { ensureLame, runTool } from './tools';
import { OUT_DIR } from './paths';

export const SAMPLE_RATE = 44_100;
/** 5 MB of 16-bit mono PCM at 44.1 kHz: 56.7 s of sound. */
export const FILE_BYTES = 5_000_000;

export interface AudioFile {
  file: string;
  sizeBytes: number;
  durationMs: number;
  mimeType: string;
}

/**
 * A real, playable 5 MB WAV (a slow chord with a little noise, so it is neither silent nor
 * compressible), made once into bench/out/media and reused.
 */
export function benchAudioFile(): AudioFile {
  const dir = path.join(OUT_DIR, 'media');
  const file = path.join(dir, 'bench-5mb.wav');
  const samples = Math.floor((FILE_BYTES - 44) / 2);
  if (!existsSync(file) || statSync(file).size !== samples * 2 + 44) {
    mkdirSync(dir, { recursive: true });
    const pcm = new Int16Array(samples);
    let seed = 1;
    for (let i = 0; i < samples; i += 1) {
      const t = i / SAMPLE_RATE;
      seed = (seed * 1103515245 + 12345) >>> 0;
      const noise = (seed / 2 ** 32 - 0.5) * 0.05;
      const v = 0.25 * Math.sin(2 * Math.PI * 220 * t) + 0.18 * Math.sin(2 * Math.PI * 277.2 * t) + 0.15 * Math.sin(2 * Math.PI * 329.6 * t) + noise;
      pcm[i] = Math.max(-32767, Math.min(32767, Math.round(v * 32767)));
    }
    writeFileSync(file, encodeWav(pcm, SAMPLE_RATE));
  }
  return { file, sizeBytes: statSync(file).size, durationMs: Math.round((samples / SAMPLE_RATE) * 1000), mimeType: 'audio/wav' };
}

/** 128 kbit/s: what a 5 MB track usually is in a music library (about 5 minutes 12 s). */
const MP3_KBPS = 128;

/**
 * A real 5 MB MP3 of the same chord (lame, CBR 128 kbit/s), made once into bench/out/media. Chromium
 * needs a fixed amount of audio before it reports the format, so the bytes it must wait for scale
 * with the bit rate: the WAV above is the hard case, this is the common one.
 */
export async function benchMp3File(log: (m: string) => void): Promise<AudioFile> {
  const dir = path.join(OUT_DIR, 'media');
  const file = path.join(dir, 'bench-5mb.mp3');
  const seconds = Math.floor((FILE_BYTES * 8) / (MP3_KBPS * 1000));
  if (!existsSync(file)) {
    const lame = await ensureLame(log);
    mkdirSync(dir, { recursive: true });
    const samples = seconds * SAMPLE_RATE;
    const pcm = new Int16Array(samples);
    for (let i = 0; i < samples; i += 1) {
      const t = i / SAMPLE_RATE;
      const v = 0.25 * Math.sin(2 * Math.PI * 220 * t) + 0.18 * Math.sin(2 * Math.PI * 277.2 * t) + 0.15 * Math.sin(2 * Math.PI * 329.6 * t);
      pcm[i] = Math.round(v * 32767);
    }
    const wav = path.join(dir, 'bench-mp3-source.wav');
    writeFileSync(wav, encodeWav(pcm, SAMPLE_RATE));
    await runTool(lame, ['--quiet', '--cbr', '-b', String(MP3_KBPS), wav, file]);
  }
  return { file, sizeBytes: statSync(file).size, durationMs: seconds * 1000, mimeType: 'audio/mpeg' };
}
