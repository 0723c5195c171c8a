/** Test tracks and the in-page driving of the AudioService for e2e/playback-engine.e2e.ts. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { BASE_URL } from './browser';
import { withITunSMPB } from './itunesGapless';

const dir = mkdtempSync(path.join(os.tmpdir(), 'wavelength-engine-'));

export interface ToneSpec {
  title: string;
  album: string;
  track: number;
  freq: number;
  /** samples of a sine started at sample 0: [from, to), at `rate` (44.1 kHz unless given) */
  from: number;
  to: number;
  rate?: number;
  replayGainDb?: number;
  /**
   * the encoder (FLAC unless given): ffmpeg's libmp3lame (a LAME tag with the delay and padding), its aac
   * in an M4A (an edit list), or its aac in an M4A without an edit list but with iTunes' iTunSMPB tag
   */
  codec?: Codec;
}

export type Codec = 'flac' | 'mp3' | 'm4a' | 'm4a-itunes';

const ENCODER: Record<Codec, string[]> = {
  flac: ['-c:a', 'flac'],
  mp3: ['-c:a', 'libmp3lame', '-b:a', '192k'],
  m4a: ['-c:a', 'aac', '-b:a', '192k'],
  'm4a-itunes': ['-c:a', 'aac', '-b:a', '192k', '-use_editlist', '0'],
};
const EXTENSION = { flac: 'flac', mp3: 'mp3', m4a: 'm4a', 'm4a-itunes': 'm4a' } as const;

/** A file of samples [from, to) of a continuous sine (amplitude 0.25), tagged as `spec` says. */
export function makeTone(spec: ToneSpec): Buffer {
  const codec = spec.codec ?? 'flac';
  const file = path.join(dir, `${spec.title.replace(/\W+/g, '-')}.${EXTENSION[codec]}`);
  const rate = spec.rate ?? 44100;
  const tags = ['title', spec.title, 'artist', 'Engine E2E', 'album', spec.album, 'album_artist', 'Engine E2E', 'track', String(spec.track)];
  if (spec.replayGainDb !== undefined) tags.push('REPLAYGAIN_TRACK_GAIN', `${spec.replayGainDb.toFixed(2)} dB`, 'REPLAYGAIN_TRACK_PEAK', '0.250000');
  const metadata = tags.flatMap((value, i) => (i % 2 === 0 ? [] : ['-metadata', `${tags[i - 1]}=${value}`]));
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${spec.freq}:sample_rate=${rate}:duration=${spec.to / rate + 1}`],
    // the lossy files start at time 0 as ripped tracks do (atrim keeps the timestamps, and an MP4 would begin with an empty edit)
    ...['-af', `volume=2,atrim=start_sample=${spec.from}:end_sample=${spec.to}${codec === 'flac' ? '' : ',asetpts=PTS-STARTPTS'}`],
    ...['-ac', '2', ...ENCODER[codec], ...metadata, file],
  ]);
  return codec === 'm4a-itunes' ? withITunSMPB(readFileSync(file), spec.to - spec.from) : readFileSync(file);
}

export interface UploadedSong {
  id: string;
  publicUrl: string;
  replayGain?: { trackGain: number | null } | null;
}

export const upload = (page: Page, token: string, spec: ToneSpec): Promise<UploadedSong> =>
  uploadFile(page, token, makeTone(spec), EXTENSION[spec.codec ?? 'flac']);

/** The tapped output over [from, to) and its sample rate (window.wavelengthAudioTap). */
export async function tapped(page: Page, from: number, to: number): Promise<{ samples: number[]; sr: number; start: number }> {
  return page.evaluate(
    ([f, t]) => {
      const tap = window.wavelengthAudioTap!;
      const start = Math.max(f, tap.earliestFrame());
      return { samples: tap.samples(start, Math.min(t, tap.latestFrame())) ?? [], sr: tap.sampleRate(), start };
    },
    [from, to],
  );
}

export const latestFrame = (page: Page) => page.evaluate(() => window.wavelengthAudioTap?.latestFrame() ?? 0);

/** The samples between the first and the last sound (|x| above `threshold`), less `trim` s at each end. */
export function sounding(samples: number[], sr: number, threshold: number, trim: number): number[] {
  let first = samples.findIndex((v) => Math.abs(v) > threshold);
  let last = samples.length - 1;
  while (last > 0 && Math.abs(samples[last]) <= threshold) last -= 1;
  if (first < 0) return [];
  first += Math.round(trim * sr);
  last -= Math.round(trim * sr);
  return samples.slice(first, Math.max(first, last));
}

/**
 * Plays `first` then `second` by driving the page's AudioService directly: with the engine, the second
 * is set next (crossfadeSeconds); with the reference player, the second is loaded on 'ended' as the
 * player's sagas do. Resolves once the second has played to its end (30 s at most) with the events
 * and the context time of the join (the 'advanced' event, or the first 'ended').
 */
export async function playPair(page: Page, first: string, second: string, crossfadeSeconds: number, gain = 1): Promise<{ events: string[]; joinTime: number }> {
  return page.evaluate(
    async ([url1, url2, fade, g]) => {
      const audio = window.wavelengthAudio!;
      const seen: string[] = [];
      let joinTime = 0;
      const done = new Promise<void>((resolve) => {
        let loads = 0;
        const off = audio.subscribe((event) => {
          if (event.type !== 'timeupdate') seen.push(event.type);
          if ((event.type === 'advanced' || event.type === 'ended') && !joinTime) joinTime = window.wavelengthAudioTap!.clock()?.currentTime ?? 0;
          if (event.type !== 'ended') return;
          if (loads === 0 && !seen.includes('advanced')) {
            loads = 1;
            void audio.load(url2).then(() => audio.play());
          } else {
            off();
            resolve();
          }
        });
      });
      await audio.load(url1);
      audio.setTrackGain(g);
      await audio.play();
      audio.setNext({ key: 'second', url: url2, gain: g, crossfadeSeconds: fade });
      await Promise.race([done, new Promise((r) => setTimeout(r, 30_000))]);
      return { events: seen, joinTime };
    },
    [first, second, crossfadeSeconds, gain] as const,
  );
}

/** A FLAC of pink noise (music-like: one place matches) and the same samples as float mono. */
export function makeNoise(title: string, seconds: number): { flac: Buffer; samples: Float32Array } {
  const base = path.join(dir, title.replace(/\W+/g, '-'));
  const source = `anoisesrc=color=pink:amplitude=0.3:sample_rate=44100:seed=7:duration=${seconds}`;
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    source,
    '-ac',
    '1',
    '-c:a',
    'flac',
    '-sample_fmt',
    's16',
    '-metadata',
    `title=${title}`,
    `${base}.flac`,
  ]);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', `${base}.flac`, '-f', 'f32le', '-ac', '1', `${base}.f32`]);
  const raw = readFileSync(`${base}.f32`);
  return { flac: readFileSync(`${base}.flac`), samples: new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4) };
}

const MIME = { flac: 'audio/flac', mp3: 'audio/mpeg', m4a: 'audio/mp4' };

export async function uploadFile(page: Page, token: string, file: Buffer, ext: 'flac' | 'mp3' | 'm4a' = 'flac'): Promise<UploadedSong> {
  const res = await page.request.post(`${BASE_URL}/api/songs/upload`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { song: { name: `track.${ext}`, mimeType: MIME[ext], buffer: file } },
  });
  if (res.status() !== 201) throw new Error(`upload ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { song: UploadedSong }).song;
}
