import type { FastifyBaseLogger } from 'fastify';
import { ENCODER_DELAY_SAMPLES, SAMPLES_PER_MP3_FRAME, spawnMp3Encoder, type EncoderChild } from './encoderProcess';
import { FrameRing, type RingFrame } from './frameRing';
import { Mp3FrameSplitter, parseMp3Header } from './mp3Frames';
import { SAMPLE_RATE, type PcmSource, type PcmSourceFactory } from './pcm';

export interface StationEncoderOptions {
  source: PcmSourceFactory;
  bitrateKbps: number;
  log: FastifyBaseLogger;
  /** seconds of encoded audio kept for bursts and for listeners a little behind */
  ringSeconds?: number;
  /** how far ahead of the wall clock the pacer feeds the encoder */
  leadMs?: number;
  /** wait before a dead ffmpeg is started again */
  restartDelayMs?: number;
  /** called with each new frame at the live edge */
  onFrame(frame: RingFrame): void;
  now?: () => number;
}

const TICK_MS = 20;
/** at most this much PCM is asked of the source at once (a catch-up after a stall) */
const MAX_READ_FRAMES = SAMPLE_RATE;

/**
 * The one encoder of this instance: a pacer asks the station's PcmSource for the frames due by the
 * wall clock (since the encoder started, plus a small lead) and writes them to a long-lived ffmpeg;
 * its MP3 frames go into the ring, each with the title in effect. A dead ffmpeg is started again
 * and the ring's positions go on: listeners hear a gap, not an end.
 */
export class StationEncoder {
  readonly ring: FrameRing;
  private child: EncoderChild | null = null;
  private source: PcmSource | null = null;
  private running = false;
  private pacing: Promise<void> | null = null;
  /** bumped by start and stop: a pacer of an earlier run stops at its next step */
  private generation = 0;
  private epochMs = 0;
  /** PCM frames read from the source so far */
  private produced = 0;
  /** PCM frame at which the current ffmpeg's input began, and MP3 frames it has put out */
  private sessionStart = 0;
  private sessionFrames = 0;
  private readonly splitter = new Mp3FrameSplitter();
  /** title marks not yet reached by the encoded output */
  private pendingMarks: { frame: number; title: string }[] = [];
  private restartTimer: NodeJS.Timeout | null = null;
  private readonly now: () => number;
  /** ffmpeg restarts since start() (metrics, tests) */
  restarts = 0;

  constructor(private readonly options: StationEncoderOptions) {
    this.ring = new FrameRing(options.ringSeconds ?? 10);
    this.now = options.now ?? Date.now;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** pid of the current ffmpeg (tests kill it) */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.epochMs = this.now();
    this.produced = 0;
    this.pendingMarks = [];
    const source = this.options.source(this.epochMs);
    this.source = source;
    const generation = ++this.generation;
    this.spawn();
    const previous = this.pacing;
    this.pacing = (async () => {
      await previous; // a stop still closing the last run's source
      await this.pace(source, generation);
    })().catch((err) => {
      this.options.log.error({ err }, 'radio stream: the pacer stopped');
      void this.stop();
    });
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.generation += 1;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    const child = this.child;
    this.child = null;
    if (child) {
      child.stdin.destroy();
      child.kill('SIGKILL');
    }
    const source = this.source;
    this.source = null;
    await this.pacing;
    await source?.close().catch((err) => this.options.log.warn({ err }, 'radio stream: closing the source failed'));
  }

  private spawn(): void {
    const child = spawnMp3Encoder(this.options.bitrateKbps);
    this.child = child;
    this.sessionStart = this.produced;
    this.sessionFrames = 0;
    this.splitter.reset();
    child.stdin.on('error', () => undefined); // EPIPE when it dies: the exit handler restarts it
    child.stderr.on('data', (chunk: Buffer) => this.options.log.warn({ ffmpeg: chunk.toString().slice(0, 500) }, 'radio stream: encoder says'));
    child.stdout.on('data', (chunk: Buffer) => {
      if (this.child === child) for (const frame of this.splitter.push(chunk)) this.onMp3Frame(frame);
    });
    child.on('error', (err) => this.options.log.error({ err }, 'radio stream: the encoder could not start'));
    child.on('close', (code, signal) => {
      if (this.child !== child || !this.running) return;
      this.child = null;
      this.options.log.warn({ code, signal }, 'radio stream: the encoder died; starting it again');
      this.restartTimer = setTimeout(() => {
        this.restartTimer = null;
        if (!this.running) return;
        this.restarts += 1;
        this.spawn();
      }, this.options.restartDelayMs ?? 200);
    });
  }

  private onMp3Frame(bytes: Buffer): void {
    const header = parseMp3Header(bytes)!;
    const index = this.sessionFrames++;
    let title: string | undefined;
    // a mark at PCM frame f is heard in the MP3 frame that decodes to it (the delay is LAME's plus the decoder's)
    while (this.pendingMarks.length) {
      const mark = this.pendingMarks[0];
      const carrier = Math.floor((Math.max(0, mark.frame - this.sessionStart) + ENCODER_DELAY_SAMPLES) / SAMPLES_PER_MP3_FRAME);
      if (carrier > index) break;
      title = mark.title;
      this.pendingMarks.shift();
    }
    const frame = this.ring.append(bytes, header.samples / header.sampleRate, title);
    this.options.onFrame(frame);
  }

  private async pace(source: PcmSource, generation: number): Promise<void> {
    const lead = this.options.leadMs ?? 250;
    const current = () => this.running && this.generation === generation;
    while (current()) {
      const due = Math.floor(((this.now() - this.epochMs + lead) * SAMPLE_RATE) / 1000);
      const frames = Math.min(due - this.produced, MAX_READ_FRAMES);
      if (frames <= 0) {
        await sleep(TICK_MS);
        continue;
      }
      const { pcm, marks } = await source.read(frames);
      if (!current()) return;
      this.produced += frames;
      this.pendingMarks.push(...marks);
      const child = this.child;
      // while ffmpeg is down the PCM is dropped: the station's clock does not wait
      if (child && !child.stdin.destroyed && !child.stdin.write(pcm)) await drained(child);
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** stdin drained, or the process gone */
function drained(child: EncoderChild): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      child.stdin.off('drain', done);
      child.off('close', done);
      resolve();
    };
    child.stdin.once('drain', done);
    child.once('close', done);
  });
}
