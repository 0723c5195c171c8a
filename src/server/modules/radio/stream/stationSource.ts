import type { FastifyBaseLogger } from 'fastify';
import type { SpawnFfmpeg } from '../../../library/transcode/spawnFfmpeg';
import type { LiveSnapshot } from '../snapshot';
import { BYTES_PER_FRAME, SAMPLE_RATE, type PcmSource, type PcmSourceFactory, type TitleMark } from './pcm';
import { idleTitle, scheduledItems, wallTimeOf, type ScheduledItem } from './schedule';
import { TrackDecoder } from './trackDecoder';

/** A song's file and the gain the stream plays it at. */
export interface StationSong {
  path: string;
  gainDb: number;
}

export interface StationSourceDeps {
  /** the station as this instance last read it (LiveState.lastRead) */
  snapshot: () => LiveSnapshot | null;
  /** a song's file and gain; null when it has none (deleted, missing): it plays as silence */
  resolve: (songId: string) => Promise<StationSong | null>;
  ffmpegPath?: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'debug'>;
  now?: () => number;
  spawn?: SpawnFfmpeg;
  /** the next item's decoder starts this long before its boundary */
  prefetchMs?: number;
  /** how long past its wall time a frame is waited for before it goes out silent */
  lateToleranceMs?: number;
}

const DEFAULT_PREFETCH_MS = 3_000;
const DEFAULT_LATE_TOLERANCE_MS = 50;
/** decoded audio held per decoder before its ffmpeg is paused */
const HIGH_WATER_BYTES = 4 * SAMPLE_RATE * BYTES_PER_FRAME;

interface Running {
  item: ScheduledItem;
  decoder: TrackDecoder;
  /** the stream frame of the decoder's frame 0 */
  firstFrame: number;
}

/**
 * The station as PCM (pcm.ts): each read asks the latest snapshot what is on air in the frames
 * asked for (and a little after them, so the next item's decoder is running before its boundary),
 * stops the decoders of items no longer scheduled and starts the missing ones at the offset the
 * schedule gives. Nothing scheduled, or not decoded in time: silence.
 */
export class StationSource implements PcmSource {
  private frame = 0;
  private readonly running = new Map<string, Running>();
  private readonly stopping = new Set<Promise<void>>();
  /** what the last title mark named: an item's key, or the idle title */
  private marked: string | null = null;
  private closed = false;
  private readonly now: () => number;

  constructor(
    private readonly epochMs: number,
    private readonly deps: StationSourceDeps,
  ) {
    this.now = deps.now ?? Date.now;
  }

  async read(frames: number): Promise<{ pcm: Buffer; marks: TitleMark[] }> {
    const from = this.frame;
    const to = from + frames;
    this.frame = to;
    const pcm = Buffer.alloc(frames * BYTES_PER_FRAME);
    const marks: TitleMark[] = [];
    if (this.closed) return { pcm, marks };
    const snapshot = this.deps.snapshot();
    const prefetchFrames = Math.round(((this.deps.prefetchMs ?? DEFAULT_PREFETCH_MS) * SAMPLE_RATE) / 1000);
    const items = scheduledItems(snapshot, this.epochMs, from, to + prefetchFrames);
    this.retire(items, from);
    for (const item of items) if (!this.running.has(item.key)) this.open(item, from);

    const idle = idleTitle(snapshot);
    const tolerance = this.deps.lateToleranceMs ?? DEFAULT_LATE_TOLERANCE_MS;
    const fills: Promise<void>[] = [];
    let at = from;
    for (const item of items) {
      if (item.startFrame >= to) break;
      const start = Math.max(from, item.startFrame);
      const end = Math.min(to, item.endFrame);
      if (start > at) this.mark(marks, at, `idle:${idle}`, idle);
      this.mark(marks, start, item.key, item.title);
      const { decoder, firstFrame } = this.running.get(item.key)!;
      const deadline = wallTimeOf(this.epochMs, start) + tolerance;
      fills.push(decoder.fill(pcm, (start - from) * BYTES_PER_FRAME, start - firstFrame, end - firstFrame, deadline));
      at = end;
    }
    if (at < to) this.mark(marks, at, `idle:${idle}`, idle);
    await Promise.all(fills);
    return { pcm, marks };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const key of [...this.running.keys()]) this.stop(key);
    await Promise.all(this.stopping);
  }

  private mark(marks: TitleMark[], frame: number, key: string, title: string): void {
    if (this.marked === key) return;
    this.marked = key;
    marks.push({ frame, title });
  }

  /** Stops the decoders whose item is no longer scheduled (skipped, moved, the radio stopped) or is over. */
  private retire(items: ScheduledItem[], from: number): void {
    const wanted = new Set(items.map((item) => item.key));
    for (const [key, { item }] of this.running) if (!wanted.has(key) || item.endFrame <= from) this.stop(key);
  }

  private stop(key: string): void {
    const running = this.running.get(key);
    if (!running) return;
    this.running.delete(key);
    const stopped = running.decoder.kill().finally(() => this.stopping.delete(stopped));
    this.stopping.add(stopped);
  }

  /** Starts decoding the item from where the stream is (its start, for one that has not begun). */
  private open(item: ScheduledItem, from: number): void {
    const { deps } = this;
    const decoder = new TrackDecoder({
      ffmpegPath: deps.ffmpegPath ?? 'ffmpeg',
      spawn: deps.spawn,
      log: deps.log,
      now: this.now,
      highWaterBytes: HIGH_WATER_BYTES,
    });
    const firstFrame = Math.max(from, item.startFrame);
    this.running.set(item.key, { item, decoder, firstFrame });
    deps
      .resolve(item.songId)
      .then((song) => {
        if (song) decoder.start(song.path, firstFrame - item.startFrame, song.gainDb);
        else decoder.finish();
      })
      .catch((err: unknown) => {
        deps.log.warn({ err, songId: item.songId }, 'radio stream: could not find the song');
        decoder.finish();
      });
  }
}

/** The stream plugin's source factory: one StationSource per encoder, sharing these dependencies. */
export function stationSourceFactory(deps: StationSourceDeps): PcmSourceFactory {
  return (epochMs) => new StationSource(epochMs, deps);
}
