import { execFile, execFileSync } from 'node:child_process';
import { IcecastMetadataReader } from 'icecast-metadata-js';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { songs } from '../../../db/schema';
import { HttpError } from '../../../lib/httpError';
import type { AuthorizeListener, ListenerIdentity } from '../stream/listenerIdentity';
import { ICY_METAINT } from '../stream/icyMetadata';
import { parseMp3Header } from '../stream/mp3Frames';
import type { TestApp } from '../../../test/testApp';
import { insertSong } from './helpers';
import { BYTES_PER_FRAME, SAMPLE_RATE, type PcmSource, type PcmSourceFactory, type TitleMark } from '../stream/pcm';

const run = promisify(execFile);

/** A library song whose file (in MEDIA_DIR) is a sine of `frequency` lasting `seconds`, made by ffmpeg. */
export async function sineSong(t: TestApp, title: string, frequency: number, seconds: number) {
  const row = await insertSong(t.app.db, { title, artist: 'Tone', durationMs: seconds * 1000 });
  const file = `${row.id}.flac`;
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${frequency}:sample_rate=44100:duration=${seconds}`,
    path.join(t.config.mediaDir, file),
  ]);
  await t.app.db.update(songs).set({ path: file }).where(eq(songs.id, row.id));
  return row;
}

/** A station of a sine at `lowHz` that turns to `highHz` at `switchFrame`, each tone with its title. */
export function sineSource(options: { lowHz: number; highHz: number; switchFrame: number; lowTitle: string; highTitle: string }): PcmSourceFactory {
  return (): PcmSource => {
    let frame = 0;
    return {
      async read(frames) {
        const pcm = Buffer.alloc(frames * BYTES_PER_FRAME);
        const marks: TitleMark[] = [];
        if (frame === 0) marks.push({ frame: 0, title: options.lowTitle });
        if (frame <= options.switchFrame && options.switchFrame < frame + frames) marks.push({ frame: options.switchFrame, title: options.highTitle });
        for (let i = 0; i < frames; i++) {
          const f = frame + i;
          const hz = f < options.switchFrame ? options.lowHz : options.highHz;
          const v = Math.round(12_000 * Math.sin((2 * Math.PI * hz * f) / SAMPLE_RATE));
          pcm.writeInt16LE(v, i * 4);
          pcm.writeInt16LE(v, i * 4 + 2);
        }
        frame += frames;
        return { pcm, marks };
      },
      async close() {},
    };
  };
}

/** Listeners by `?listen=` token: 'public' is anonymous, a known token is its user, else 401. */
export function tokenAuthorizer(users: Map<string, { id: string; username: string }>): AuthorizeListener {
  return async (request: FastifyRequest): Promise<ListenerIdentity> => {
    const token = (request.query as { listen?: string }).listen;
    if (token === 'public') return { user: null };
    const user = token ? users.get(token) : undefined;
    if (!user) throw new HttpError(401, 'A listen link is required to play the radio stream');
    return { user };
  };
}

export interface Recording {
  status: number;
  headers: http.IncomingHttpHeaders;
  requestedAt: number;
  chunks: { at: number; bytes: Buffer }[];
  ended: boolean;
  bytes(): Buffer;
  close(): void;
}

/** Opens the stream and records what arrives (and when) until close(). */
export function record(url: string, headers: Record<string, string> = {}): Promise<Recording> {
  return new Promise((resolve, reject) => {
    const requestedAt = performance.now();
    const req = http.get(url, { headers }, (res) => {
      const recording: Recording = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        requestedAt,
        chunks: [],
        ended: false,
        bytes: () => Buffer.concat(recording.chunks.map((c) => c.bytes)),
        close: () => req.destroy(),
      };
      res.on('data', (bytes: Buffer) => recording.chunks.push({ at: performance.now(), bytes }));
      res.on('close', () => (recording.ended = true));
      res.on('error', () => undefined);
      resolve(recording);
    });
    req.on('error', reject);
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Decodes MP3 bytes with ffmpeg to mono s16le at 44.1 kHz. */
export async function decodeMp3(mp3: Buffer): Promise<Int16Array> {
  const child = execFile('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'mp3', '-i', 'pipe:0', '-ac', '1', '-f', 's16le', 'pipe:1'], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  const out: Buffer[] = [];
  child.stdout!.on('data', (b: Buffer) => out.push(b));
  const done = new Promise<void>((resolve, reject) => child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}`)))));
  child.stdin!.end(mp3);
  await done;
  const pcm = Buffer.concat(out);
  return new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.length / 2));
}

/** The first sample of the first 10 ms window (from `from` on) whose zero-crossing rate says `aboveHz`, or -1. */
export function pitchChange(samples: Int16Array, aboveHz: number, from = 0): number {
  const window = SAMPLE_RATE / 100;
  for (let start = from; start + window <= samples.length; start += window) {
    let crossings = 0;
    for (let i = start + 1; i < start + window; i++) if (samples[i - 1] < 0 !== samples[i] < 0) crossings += 1;
    const hz = (crossings / 2) * 100;
    if (hz > aboveHz) return start;
  }
  return -1;
}

/** utime + stime of a process, in seconds. */
export async function cpuSeconds(pid: number): Promise<number> {
  const { stdout } = await run('cat', [`/proc/${pid}/stat`]);
  const fields = stdout.slice(stdout.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The audio and the metadata of an ICY recording: each title with the audio byte it sits before. */
export function splitIcy(bytes: Buffer): { audio: Buffer; titles: { title: string; at: number }[] } {
  const audio: Buffer[] = [];
  const titles: { title: string; at: number }[] = [];
  new IcecastMetadataReader({
    icyMetaInt: ICY_METAINT,
    onStream: ({ stream }) => void audio.push(Buffer.from(stream)),
    onMetadata: ({ metadata, stats }) => void titles.push({ title: metadata.StreamTitle ?? '', at: stats.streamBytesRead }),
  }).readAll(new Uint8Array(bytes));
  return { audio: Buffer.concat(audio), titles };
}

/** Seconds of audio before byte `offset` of a stream of whole MP3 frames from its start. */
export function secondsBefore(audio: Buffer, offset: number): number {
  let at = 0;
  let samples = 0;
  while (at < offset) {
    const header = parseMp3Header(audio, at);
    if (!header) throw new Error(`no MP3 frame at ${at}`);
    samples += header.samples;
    at += header.length;
  }
  return samples / SAMPLE_RATE;
}

export function ffmpegReads(url: string, seconds: number): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      'ffmpeg',
      ['-hide_banner', '-nostdin', '-loglevel', 'error', '-t', String(seconds), '-i', url, '-f', 'null', '-'],
      (error, _stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
    );
    child.on('error', () => undefined);
  });
}
