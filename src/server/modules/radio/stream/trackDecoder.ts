import type { FastifyBaseLogger } from 'fastify';
import { spawnFfmpeg, type FfmpegChild, type SpawnFfmpeg } from '../../../library/transcode/spawnFfmpeg';
import { ByteQueue } from './byteQueue';
import { BYTES_PER_FRAME, CHANNELS, SAMPLE_RATE } from './pcm';

export interface TrackDecoderOptions {
  ffmpegPath: string;
  spawn?: SpawnFfmpeg;
  log: Pick<FastifyBaseLogger, 'warn' | 'debug'>;
  now: () => number;
  /** decoded bytes held before ffmpeg's output is paused (it resumes below half of it) */
  highWaterBytes: number;
}

/** The ffmpeg arguments that decode `path` from `offsetFrames` on to the stream's PCM, at `gainDb`. */
export function decodeArgs(path: string, offsetFrames: number, gainDb: number): string[] {
  const args = ['-hide_banner', '-loglevel', 'error'];
  // before -i: a fast seek, and ffmpeg (accurate_seek) still drops what precedes the exact sample
  if (offsetFrames > 0) args.push('-ss', (offsetFrames / SAMPLE_RATE).toFixed(6));
  args.push('-i', path, '-map', '0:a:0', '-vn');
  if (gainDb !== 0) args.push('-af', `volume=${gainDb.toFixed(2)}dB`);
  args.push('-f', 's16le', '-acodec', 'pcm_s16le', '-ar', String(SAMPLE_RATE), '-ac', String(CHANNELS), 'pipe:1');
  return args;
}

/**
 * One item's audio, decoded by one ffmpeg from a start offset, handed out by frame: frame 0 is the
 * first frame ffmpeg writes. What was asked for before it arrived stays silent and is dropped when
 * it comes (the stream never falls behind the schedule). Output beyond highWaterBytes pauses ffmpeg.
 */
export class TrackDecoder {
  private readonly queue = new ByteQueue();
  /** the byte (counted from frame 0) the queue's first byte is */
  private base = 0;
  /** bytes before this were handed out or given up as late */
  private position = 0;
  private ended = false;
  private paused = false;
  private ffmpeg: FfmpegChild | null = null;
  private waiters: (() => void)[] = [];
  private exited: Promise<void> = Promise.resolve();
  private spawnedAt = 0;
  /** ms from spawning ffmpeg to its first PCM (null before it came) */
  startLatencyMs: number | null = null;

  constructor(private readonly options: TrackDecoderOptions) {}

  /** Starts ffmpeg on the file; nothing but silence when it cannot. */
  start(path: string, offsetFrames: number, gainDb: number): void {
    if (this.ended) return;
    const { ffmpegPath, spawn = spawnFfmpeg, log, now } = this.options;
    this.spawnedAt = now();
    const ffmpeg = spawn(ffmpegPath, decodeArgs(path, offsetFrames, gainDb), 'pipe');
    this.ffmpeg = ffmpeg;
    const { child } = ffmpeg;
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-500);
    });
    child.stdout!.on('data', (chunk: Buffer) => this.onData(chunk));
    this.exited = new Promise((resolve) => {
      child.once('close', (code, signal) => {
        if (code !== 0 && signal === null) log.warn({ path, code, stderr: stderr.trim() }, 'radio stream: decoding failed');
        this.finish();
        resolve();
      });
      child.once('error', (err) => {
        log.warn({ err, path }, 'radio stream: ffmpeg did not start');
        this.finish();
        resolve();
      });
    });
  }

  /** No audio will come (the song has no file, or decoding is over). */
  finish(): void {
    this.ended = true;
    this.wake();
  }

  /**
   * Copies frames [from, to) into `target` at byte `offset`, waiting for them until `deadlineMs`;
   * the ones not decoded by then stay silent, and are dropped when they arrive.
   */
  async fill(target: Buffer, offset: number, from: number, to: number, deadlineMs: number): Promise<void> {
    const start = from * BYTES_PER_FRAME;
    const end = to * BYTES_PER_FRAME;
    this.skipTo(start);
    for (;;) {
      if (this.ended || this.base + this.queue.length >= end) break;
      const left = deadlineMs - this.options.now();
      if (left <= 0) break;
      this.flow(true);
      await this.waitForData(left);
      this.skipTo(start);
    }
    if (this.base === start) {
      const n = this.queue.take(target, offset, end - start);
      this.base += n;
    }
    this.skipTo(end);
    if (this.queue.length < this.options.highWaterBytes / 2) this.flow(true);
  }

  /** Kills ffmpeg; resolves when it is gone. */
  kill(): Promise<void> {
    this.finish();
    this.ffmpeg?.kill();
    // a paused pipe would hold back its end, and with it the close that says ffmpeg is gone
    this.ffmpeg?.child.stdout?.destroy();
    return this.exited;
  }

  private onData(chunk: Buffer): void {
    if (this.startLatencyMs === null) {
      this.startLatencyMs = this.options.now() - this.spawnedAt;
      this.options.log.debug({ ms: this.startLatencyMs }, 'radio stream: decoder started');
    }
    this.queue.push(chunk);
    this.skipTo(this.position);
    if (this.queue.length > this.options.highWaterBytes) this.flow(false);
    this.wake();
  }

  /** Gives up every byte before `byte` (handed out, or too late to be). */
  private skipTo(byte: number): void {
    this.position = Math.max(this.position, byte);
    const late = Math.min(this.position - this.base, this.queue.length);
    if (late <= 0) return;
    this.queue.drop(late);
    this.base += late;
  }

  private flow(on: boolean): void {
    const stdout = this.ffmpeg?.child.stdout;
    if (!stdout || this.paused === !on) return;
    this.paused = !on;
    if (on) stdout.resume();
    else stdout.pause();
  }

  private waitForData(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const waiters = this.waiters;
      function done() {
        clearTimeout(timer);
        const i = waiters.indexOf(done);
        if (i >= 0) waiters.splice(i, 1);
        resolve();
      }
      waiters.push(done);
    });
  }

  private wake(): void {
    for (const waiter of this.waiters.slice()) waiter();
  }
}
