import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { encodeWav } from '../../src/server/library/demo/wav';
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

/** The chord of the files above, as an ffmpeg lavfi source (with a little noise, so FLAC cannot fold it away). */
const CHORD = '0.25*sin(2*PI*220*t)+0.18*sin(2*PI*277.2*t)+0.15*sin(2*PI*329.6*t)+0.05*(random(0)-0.5)';

function ffmpegBin(): string {
  const found = ['/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg'].find((p) => existsSync(p));
  if (!found) throw new Error('ffmpeg is missing: install Debian ffmpeg to make the FLAC and M4A bench files');
  return found;
}

const chordInput = (seconds: number) => ['-v', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc=${CHORD}:s=${SAMPLE_RATE}:d=${seconds}`, '-ac', '1'];

/**
 * A real 5 MB FLAC (mono, 16-bit, 44.1 kHz) of the chord, made once by ffmpeg into bench/out/media.
 * FLAC's size depends on the sound, so a 20 s probe gives the bytes per second and the length is
 * chosen from it to land near 5 MB.
 */
export async function benchFlacFile(log: (m: string) => void): Promise<AudioFile> {
  const dir = path.join(OUT_DIR, 'media');
  const file = path.join(dir, 'bench-5mb.flac');
  const seconds = path.join(dir, 'bench-5mb.flac.seconds');
  if (!existsSync(file) || !existsSync(seconds)) {
    const ffmpeg = ffmpegBin();
    mkdirSync(dir, { recursive: true });
    log('click: making the 5 MB FLAC with ffmpeg (once)');
    const probe = path.join(dir, 'bench-probe.flac');
    await runTool(ffmpeg, [...chordInput(20), '-sample_fmt', 's16', '-c:a', 'flac', probe]);
    const length = Math.round((FILE_BYTES / statSync(probe).size) * 20);
    rmSync(probe);
    await runTool(ffmpeg, [...chordInput(length), '-sample_fmt', 's16', '-c:a', 'flac', file]);
    writeFileSync(seconds, String(length));
  }
  const length = Number(readFileSync(seconds, 'utf8'));
  return { file, sizeBytes: statSync(file).size, durationMs: length * 1000, mimeType: 'audio/flac' };
}

/** AAC at 128 kbit/s, like the MP3: a 5 MB track of about 5 minutes. */
const AAC_KBPS = 128;

/**
 * A real 5 MB M4A (AAC-LC 128 kbit/s, ffmpeg's native encoder) of the chord, made once into
 * bench/out/media, with `-movflags +faststart`: the moov atom (the index a player needs before
 * the first sample) at the front, as any file meant for streaming has it. Without it chromium
 * must fetch the end of the file first, a second Range request.
 */
export async function benchM4aFile(log: (m: string) => void): Promise<AudioFile> {
  const dir = path.join(OUT_DIR, 'media');
  const file = path.join(dir, 'bench-5mb.m4a');
  const seconds = Math.floor((FILE_BYTES * 8) / (AAC_KBPS * 1000));
  if (!existsSync(file)) {
    const ffmpeg = ffmpegBin();
    mkdirSync(dir, { recursive: true });
    log('click: making the 5 MB M4A with ffmpeg (once)');
    await runTool(ffmpeg, [...chordInput(seconds), '-c:a', 'aac', '-b:a', `${AAC_KBPS}k`, '-movflags', '+faststart', file]);
  }
  return { file, sizeBytes: statSync(file).size, durationMs: seconds * 1000, mimeType: 'audio/mp4' };
}
