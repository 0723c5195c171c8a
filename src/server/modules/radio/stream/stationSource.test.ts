import { jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { RadioQueueTrack } from '../../../../contract/radio';
import type { Database } from '../../../db/open';
import { songs } from '../../../db/schema';
import { spawnFfmpeg, type FfmpegChild, type SpawnFfmpeg } from '../../../library/transcode/spawnFfmpeg';
import { createTestDatabase } from '../../../test/testDb';
import type { LiveSnapshot } from '../snapshot';
import { insertSong } from '../test/helpers';
import { SAMPLE_RATE, type TitleMark } from './pcm';
import { BETWEEN_ITEMS_TITLE, OFF_AIR_TITLE } from './schedule';
import { StationSource, type StationSong, type StationSourceDeps } from './stationSource';
import { stationSongs } from './stationSongs';
import { streamGainDb } from './streamGain';

const dir = mkdtempSync(path.join(os.tmpdir(), 'wavelength-station-'));
const ms = (frames: number) => (frames * 1000) / SAMPLE_RATE;
const framesOf = (milliseconds: number) => Math.round((milliseconds * SAMPLE_RATE) / 1000);

/** A sine file (FLAC, 44.1 kHz mono): each [frequency, seconds] in turn. */
function sineFile(name: string, parts: [number, number][]): string {
  const file = path.join(dir, name);
  const inputs = parts.flatMap(([f, s]) => ['-f', 'lavfi', '-i', `sine=frequency=${f}:sample_rate=44100:duration=${s}`]);
  const concat = `${parts.map((_, i) => `[${i}]`).join('')}concat=n=${parts.length}:v=0:a=1`;
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...inputs, '-filter_complex', concat, file]);
  return file;
}

let files: Record<'low' | 'high' | 'rising', string>;

beforeAll(() => {
  files = {
    low: sineFile('low.flac', [[440, 4]]),
    high: sineFile('high.flac', [[880, 4]]),
    // 440 Hz for 2 s, then 880 Hz: where a decode lands shows as where the pitch changes
    rising: sineFile('rising.flac', [
      [440, 2],
      [880, 2],
    ]),
  };
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

let itemCount = 0;
function track(songId: string, durationMs: number): RadioQueueTrack {
  itemCount += 1;
  return {
    id: `00000000-0000-4000-8000-${String(itemCount).padStart(12, '0')}`,
    songId,
    title: `Title ${songId}`,
    artist: `Artist ${songId}`,
    duration: durationMs / 1000,
    addedBy: null,
    addedAt: new Date(0).toISOString(),
    url: `/api/songs/stream/${songId}`,
  };
}

function onAir(startedAt: number, current: RadioQueueTrack, queue: RadioQueueTrack[] = []): LiveSnapshot {
  return { isActive: true, startedAt, currentItemId: current.id, current, currentDurationMs: Math.round(current.duration * 1000), queue };
}

const offAir: LiveSnapshot = { isActive: false, startedAt: null, currentItemId: null, current: null, currentDurationMs: 0, queue: [] };

interface Harness {
  source: StationSource;
  children: FfmpegChild[];
  latencies: number[];
  /** reads `seconds` of stream in 100 ms blocks, as fast as the decode allows */
  read(seconds: number): Promise<{ left: Int16Array; marks: TitleMark[] }>;
}

/** Frame 0 of the sources tested sounds this long after they are made: reads run ahead of the wall clock, so nothing is late (on a loaded machine ffmpeg takes ~0.7 s to start). */
const LEAD_MS = 3_000;

function harness(epochMs: number, snapshot: () => LiveSnapshot | null, songsById: Record<string, StationSong>, extra: Partial<StationSourceDeps> = {}) {
  const children: FfmpegChild[] = [];
  const latencies: number[] = [];
  const spawn: SpawnFfmpeg = (ffmpegPath, args, stdout) => {
    const child = spawnFfmpeg(ffmpegPath, args, stdout);
    children.push(child);
    return child;
  };
  const log = { warn: jest.fn(), debug: (obj: unknown) => latencies.push((obj as { ms: number }).ms) };
  const source = new StationSource(epochMs, { snapshot, resolve: async (id) => songsById[id] ?? null, log: log as never, spawn, ...extra });
  const h: Harness = {
    source,
    children,
    latencies,
    async read(seconds) {
      const blocks = Math.round(seconds * 10);
      const left = new Int16Array(blocks * 4410);
      const marks: TitleMark[] = [];
      for (let b = 0; b < blocks; b += 1) {
        const { pcm, marks: got } = await source.read(4410);
        expect(pcm.length).toBe(4410 * 4);
        for (let i = 0; i < 4410; i += 1) left[b * 4410 + i] = pcm.readInt16LE(i * 4);
        marks.push(...got);
      }
      return { left, marks };
    },
  };
  return h;
}

/** Upward zero crossings of a sine, from `from` on. */
function crossings(samples: Int16Array, from = 0, to = samples.length): number[] {
  const at: number[] = [];
  for (let i = Math.max(from, 1); i < to; i += 1) if (samples[i - 1] < 0 && samples[i] >= 0) at.push(i);
  return at;
}

/** The frame where a 440 Hz sine turns to 880 Hz (periods of 100 and 50 frames), searched from `from`. */
function pitchRise(samples: Int16Array, from = 0): number {
  const c = crossings(samples, from);
  for (let i = 2; i < c.length; i += 1) if (c[i] - c[i - 1] < 75 && c[i - 1] - c[i - 2] > 75) return c[i - 1];
  throw new Error('no pitch change found');
}

/** The frequency (Hz) of the sine in [from, to), from its zero crossings. */
function pitchOf(samples: Int16Array, from: number, to: number): number {
  const c = crossings(samples, from, to);
  return ((c.length - 1) * SAMPLE_RATE) / (c.at(-1)! - c[0]);
}

const rms = (samples: Int16Array, from: number, to: number) => {
  let sum = 0;
  for (let i = from; i < to; i += 1) sum += samples[i] * samples[i];
  return Math.sqrt(sum / (to - from));
};

/** Nothing of the decoder's process group runs (ffmpeg, its wrapper, the guard): zombies left to an init that does not reap count as gone. */
const exited = (child: FfmpegChild) => {
  let states: string;
  try {
    states = execFileSync('ps', ['-o', 'stat=', '-g', String(child.child.pid)], { encoding: 'utf8' }).trim();
  } catch {
    // ps exits 1 when the group has no process left
    return true;
  }
  return states.split('\n').every((state) => state === '' || state.startsWith('Z'));
};

describe('the station source', () => {
  it('changes item on the scheduled sample: the pitch change between two tracks back to back, measured', async () => {
    const a = track('a', 2_000);
    const b = track('b', 2_000);
    const epochMs = Date.now() + LEAD_MS;
    const h = harness(epochMs, () => onAir(epochMs + 300, a, [b]), { a: { path: files.low, gainDb: 0 }, b: { path: files.high, gainDb: 0 } });
    const { left, marks } = await h.read(5);
    await h.source.close();

    const onset = left.findIndex((s) => Math.abs(s) > 200);
    const boundary = framesOf(2_300);
    const change = pitchRise(left, framesOf(1_000));
    console.log(
      `station sync: item 1 starts at ${ms(onset - framesOf(300)).toFixed(2)} ms from its schedule, ` +
        `the pitch change lands ${ms(change - boundary).toFixed(2)} ms from the scheduled boundary; ` +
        `decoder start latency ${h.latencies.map((l) => `${l} ms`).join(', ')}`,
    );
    expect(Math.abs(ms(onset - framesOf(300)))).toBeLessThan(20);
    expect(Math.abs(ms(change - boundary))).toBeLessThan(20);
    expect(pitchOf(left, framesOf(500), framesOf(2_200))).toBeCloseTo(440, -1);
    expect(pitchOf(left, framesOf(2_400), framesOf(4_200))).toBeCloseTo(880, -1);
    expect(rms(left, framesOf(4_400), framesOf(5_000))).toBe(0);
    expect(marks).toEqual([
      { frame: 0, title: BETWEEN_ITEMS_TITLE },
      { frame: framesOf(300), title: 'Artist a - Title a' },
      { frame: boundary, title: 'Artist b - Title b' },
      { frame: framesOf(4_300), title: BETWEEN_ITEMS_TITLE },
    ]);
    expect(h.children.every(exited)).toBe(true);
  });

  it("keeps playing when the clock moves the station on (this instance's or another's): the item on air is the same one", async () => {
    const a = track('a', 2_000);
    const b = track('b', 2_000);
    const epochMs = Date.now() + LEAD_MS;
    let snapshot = onAir(epochMs, a, [b]);
    const h = harness(epochMs, () => snapshot, { a: { path: files.low, gainDb: 0 }, b: { path: files.high, gainDb: 0 } });
    const before = await h.read(2.5);
    // the clock's advance: b is current from a's end, a moment after the stream crossed it
    snapshot = { ...onAir(epochMs + 2_000, b), currentItemId: b.id };
    const after = await h.read(1);
    await h.source.close();
    expect(h.children).toHaveLength(2);
    expect(before.marks.at(-1)).toEqual({ frame: framesOf(2_000), title: 'Artist b - Title b' });
    expect(after.marks).toEqual([]);
    expect(pitchOf(after.left, 0, framesOf(1_000))).toBeCloseTo(880, -1);
    // no gap and no jump where the snapshot changed: the sine's crossings stay 50 frames apart
    const c = crossings(Int16Array.from([...before.left.slice(-500), ...after.left.slice(0, 500)]));
    expect(c.slice(1).map((x, i) => Math.round((x - c[i]) / 50))).toEqual(c.slice(1).map(() => 1));
  });

  it('starts mid-track at the live offset: a source opened 1.5 s into an item plays it from 1.5 s', async () => {
    const rising = track('rising', 4_000);
    const epochMs = Date.now() + LEAD_MS;
    const h = harness(epochMs, () => onAir(epochMs - 1_500, rising), { rising: { path: files.rising, gainDb: 0 } });
    const { left, marks } = await h.read(1);
    await h.source.close();
    // the file rises at 2 s: 0.5 s into the stream
    const landing = ms(pitchRise(left) - framesOf(500));
    console.log(`station mid-track start: the file's 2 s mark lands ${landing.toFixed(2)} ms from where the schedule puts it`);
    expect(Math.abs(landing)).toBeLessThan(20);
    expect(marks).toEqual([{ frame: 0, title: 'Artist rising - Title rising' }]);
  });

  it('is silent with the off-air title while the station is off, and starts no decoder', async () => {
    const h = harness(Date.now() + LEAD_MS, () => offAir, {});
    const { left, marks } = await h.read(0.5);
    await h.source.close();
    expect(left.every((s) => s === 0)).toBe(true);
    expect(marks).toEqual([{ frame: 0, title: OFF_AIR_TITLE }]);
    expect(h.children).toHaveLength(0);
  });

  it('follows a skip at the next read: the old decoder stops, the new item plays from the offset the schedule gives', async () => {
    const low = track('low', 4_000);
    const rising = track('rising', 4_000);
    let snapshot: LiveSnapshot | null = null;
    const epochMs = Date.now() + LEAD_MS;
    const h = harness(epochMs, () => snapshot, { low: { path: files.low, gainDb: 0 }, rising: { path: files.rising, gainDb: 0 } });
    snapshot = onAir(epochMs, low);
    const before = await h.read(1);
    expect(pitchOf(before.left, framesOf(100), framesOf(900))).toBeCloseTo(440, -1);
    const first = h.children[0];
    // skipped 100 ms before the stream's read position: at 1 s the new item is 100 ms in
    snapshot = onAir(epochMs + 900, rising);
    const after = await h.read(2.5);
    await h.source.close();
    expect(after.marks[0]).toEqual({ frame: framesOf(1_000), title: 'Artist rising - Title rising' });
    // its 2 s mark sounds at 0.9 + 2 = 2.9 s of the stream, 1.9 s into this read
    const landing = ms(pitchRise(after.left) - framesOf(1_900));
    console.log(`station skip: the new item's 2 s mark lands ${landing.toFixed(2)} ms from its schedule`);
    expect(Math.abs(landing)).toBeLessThan(20);
    expect(exited(first)).toBe(true);
  });

  it('goes off air at the next read when the radio stops, and close() leaves no ffmpeg running', async () => {
    const a = track('a', 4_000);
    const b = track('b', 4_000);
    let snapshot: LiveSnapshot | null = null;
    const epochMs = Date.now() + LEAD_MS;
    const h = harness(epochMs, () => snapshot, { a: { path: files.low, gainDb: 0 }, b: { path: files.high, gainDb: 0 } });
    // item 2 begins within the prefetch: both decoders run
    snapshot = onAir(epochMs - 2_500, a, [b]);
    await h.read(0.3);
    expect(h.children).toHaveLength(2);
    snapshot = { ...offAir };
    const stopped = await h.read(0.2);
    expect(stopped.left.every((s) => s === 0)).toBe(true);
    expect(stopped.marks).toEqual([{ frame: framesOf(300), title: OFF_AIR_TITLE }]);
    snapshot = onAir(epochMs - 1_000, a, [b]);
    await h.read(0.2);
    expect(h.children).toHaveLength(4);
    expect(h.children.filter((c) => !exited(c)).length).toBeGreaterThan(0);
    await h.source.close();
    expect(h.children.filter((c) => !exited(c))).toEqual([]);
  });

  it('sends silence for the frames a late decode missed and stays on schedule', async () => {
    const low = track('low', 4_000);
    // frame 0 is now: the decoder (tens of ms to start) misses the start of the first block
    const epochMs = Date.now();
    const h = harness(epochMs, () => onAir(epochMs - 1_000, low), { low: { path: files.low, gainDb: 0 } }, { lateToleranceMs: 0 });
    const { left } = await h.read(1.5);
    await h.source.close();
    const onset = left.findIndex((s) => s !== 0);
    expect(onset).toBeGreaterThan(0);
    // in step: the sine's phase at the end is the schedule's (440 Hz from the file's start, 1 s before frame 0)
    const end = framesOf(1_400);
    const expected = Math.sin((2 * Math.PI * 440 * (end + SAMPLE_RATE)) / SAMPLE_RATE);
    expect(Math.abs(left[end] / (32768 / 8) - expected)).toBeLessThan(0.05);
  });
});

describe('ReplayGain on the stream', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('plays a song tagged -6 dB at half the amplitude of an untagged one', async () => {
    const db = database.db;
    const plain = await insertSong(db, { title: 'Plain' });
    const quiet = await insertSong(db, { title: 'Quiet' });
    await db.update(songs).set({ path: 'low.flac' }).where(eq(songs.id, plain.id));
    await db.update(songs).set({ path: 'low.flac', rgTrackGain: -6, rgTrackPeak: 0.125 }).where(eq(songs.id, quiet.id));
    const resolve = stationSongs(db, { musicDirs: [], mediaDir: dir });
    expect(await resolve(quiet.id)).toEqual({ path: files.low, gainDb: -6 });
    expect(await resolve('00000000-0000-4000-8000-000000000000')).toBeNull();

    const a = track(plain.id, 1_000);
    const b = track(quiet.id, 1_000);
    const epochMs = Date.now() + LEAD_MS;
    const source = new StationSource(epochMs, {
      snapshot: () => onAir(epochMs, a, [b]),
      resolve,
      log: { warn: jest.fn(), debug: jest.fn() } as never,
    });
    const reads: Buffer[] = [];
    for (let i = 0; i < 20; i += 1) reads.push((await source.read(4410)).pcm);
    await source.close();
    const pcm = Buffer.concat(reads);
    const left = new Int16Array(pcm.length / 4).map((_, i) => pcm.readInt16LE(i * 4));
    const ratio = rms(left, framesOf(1_100), framesOf(1_900)) / rms(left, framesOf(100), framesOf(900));
    console.log(`station ReplayGain: a -6 dB track plays at ${ratio.toFixed(4)} of the untagged one's amplitude (expected 0.5012)`);
    expect(ratio).toBeGreaterThan(0.5012 * 0.95);
    expect(ratio).toBeLessThan(0.5012 * 1.05);
  });

  it('is the track gain, held below what the peak allows, and 0 dB untagged', () => {
    expect(streamGainDb({ trackGain: null, trackPeak: 0.5, albumPeak: null })).toBe(0);
    expect(streamGainDb({ trackGain: -6, trackPeak: null, albumPeak: null })).toBe(-6);
    expect(streamGainDb({ trackGain: 6, trackPeak: 0.9, albumPeak: null })).toBeCloseTo(0.915, 3);
    expect(streamGainDb({ trackGain: 6, trackPeak: null, albumPeak: 0.5 })).toBeCloseTo(6, 3);
  });
});
