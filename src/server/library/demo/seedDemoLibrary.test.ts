import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseFile } from 'music-metadata';
import type { Database, Db } from '../../db/open';
import { songs, type SongRow } from '../../db/schema';
import { lyricsTracks } from '../lyrics/songLyrics';
import { songKeys } from '../songKeys';
import { createTestDatabase } from '../../test/testDb';
import { DEMO_TRACKS, type DemoTrack } from './catalogue';
import { DEMO_VERSES } from './demoLyrics';
import { seedDemoLibrary } from './seedDemoLibrary';
import { DEMO_SAMPLE_RATE, renderTrack } from './synth';

// The server project's testTimeout does not reach the tests (jest reads it only globally): set one here.
const SLOW = 60_000;

const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const pcmBytes = (pcm: Int16Array) => new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength);

describe('the demo catalogue', () => {
  it('has at least 12 tracks with distinct titles and artists, 30-120 s each, under 15 minutes in all', () => {
    expect(DEMO_TRACKS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(DEMO_TRACKS.map((t) => t.title)).size).toBe(DEMO_TRACKS.length);
    expect(new Set(DEMO_TRACKS.map((t) => t.artist)).size).toBe(DEMO_TRACKS.length);
    for (const t of DEMO_TRACKS) {
      expect(t.durationSec).toBeGreaterThanOrEqual(30);
      expect(t.durationSec).toBeLessThanOrEqual(120);
    }
    expect(new Set(DEMO_TRACKS.map((t) => t.durationSec)).size).toBeGreaterThan(DEMO_TRACKS.length / 2);
    expect(DEMO_TRACKS.reduce((sum, t) => sum + t.durationSec, 0)).toBeLessThan(15 * 60);
  });
});

describe('the demo lyrics', () => {
  it('give every demo track its own words', () => {
    for (const track of DEMO_TRACKS) expect(DEMO_VERSES[track.title]?.length).toBeGreaterThan(0);
  });
});

describe('renderTrack', () => {
  const short = (t: DemoTrack): DemoTrack => ({ ...t, durationSec: 12 });

  it('is deterministic: the same spec renders the same samples', () => {
    const track = short(DEMO_TRACKS[0]);
    expect(sha(pcmBytes(renderTrack(track)))).toBe(sha(pcmBytes(renderTrack(track))));
  });

  it(
    'gives every track its own melody, even with tempo, key, timbre and groove held equal',
    () => {
      const shared = { bpm: 100, key: DEMO_TRACKS[0].key, waveform: DEMO_TRACKS[0].waveform, groove: DEMO_TRACKS[0].groove };
      const hashes = DEMO_TRACKS.map((t) => sha(pcmBytes(renderTrack({ ...short(t), ...shared }))));
      expect(new Set(hashes).size).toBe(DEMO_TRACKS.length);
    },
    SLOW,
  );

  it('renders audible, unclipped audio that starts and ends in silence (no clicks)', () => {
    for (const track of DEMO_TRACKS.slice(0, 4)) {
      const pcm = renderTrack(short(track));
      expect(pcm.length).toBe(12 * DEMO_SAMPLE_RATE);
      let peak = 0;
      let energy = 0;
      for (const s of pcm) {
        const magnitude = s < 0 ? -s : s;
        if (magnitude > peak) peak = magnitude;
        energy += s * s;
      }
      expect(Math.sqrt(energy / pcm.length)).toBeGreaterThan(2000);
      expect(peak).toBeLessThan(32767);
      expect(Math.abs(pcm[0])).toBeLessThan(100);
      expect(Math.abs(pcm[pcm.length - 1])).toBeLessThan(100);
    }
  });
});

describe('seedDemoLibrary', () => {
  let database: Database;
  let mediaDir: string;
  const logged: unknown[] = [];
  const log = { info: (obj: object | string) => void logged.push(obj) };

  beforeAll(async () => {
    database = await createTestDatabase();
    mediaDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'wl-demo-')), 'media');
  }, SLOW);
  afterAll(async () => {
    await database.close();
    await rm(path.dirname(mediaDir), { recursive: true, force: true });
  });

  const allSongs = (): Promise<SongRow[]> => database.db.select().from(songs);

  it(
    'fills an empty library with the generated tracks, their real durations and their files',
    async () => {
      const inserted = await seedDemoLibrary({ db: database.db, mediaDir, log });
      expect(inserted).toBe(DEMO_TRACKS.length);
      expect(logged).toHaveLength(1);

      const rows = await allSongs();
      expect(rows).toHaveLength(inserted);
      expect(new Set(rows.map((r) => r.title)).size).toBeGreaterThanOrEqual(12);
      expect(new Set(rows.map((r) => r.artist)).size).toBeGreaterThanOrEqual(12);
      expect((await readdir(mediaDir)).sort()).toEqual(rows.map((r) => r.path).sort());

      const openingHashes = new Set<string>();
      for (const row of rows) {
        expect(row.path).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.wav$/);
        expect(row.mimeType).toBe('audio/wav');
        expect(row).toMatchObject(songKeys(row.title, row.artist));
        const file = path.join(mediaDir, row.path);
        expect(row.sizeBytes).toBe((await stat(file)).size);

        const { format } = await parseFile(file);
        expect(format.container).toBe('WAVE');
        expect(Math.abs(format.duration! * 1000 - row.durationMs)).toBeLessThanOrEqual(50);
        expect(row.durationMs).toBeGreaterThanOrEqual(30_000);
        expect(row.durationMs).toBeLessThanOrEqual(120_000);
        const spec = DEMO_TRACKS.find((t) => t.title === row.title)!;
        expect(Math.abs(spec.durationSec * 1000 - row.durationMs)).toBeLessThanOrEqual(50);

        // synced lyrics timed to the track (docs/product.md §5.8): the first line within 2 s, then one every 2-4 s to the end
        const [lyrics] = lyricsTracks(row.lyrics);
        expect(lyrics).toMatchObject({ lang: 'eng', synced: true, offsetMs: 0 });
        const starts = lyrics.lines.map((line) => line.startMs!);
        expect(starts[0]).toBeLessThanOrEqual(2000);
        for (let i = 1; i < starts.length; i += 1) {
          expect(starts[i] - starts[i - 1]).toBeGreaterThanOrEqual(2000);
          expect(starts[i] - starts[i - 1]).toBeLessThanOrEqual(4000);
        }
        expect(row.durationMs - starts[starts.length - 1]).toBeLessThanOrEqual(5000);
        expect(lyrics.lines.every((line) => line.text.trim().length > 0)).toBe(true);

        // the same stretch of every file (seconds 5 to 15) differs from track to track
        const bytes = await readFile(file);
        openingHashes.add(sha(bytes.subarray(44 + 5 * DEMO_SAMPLE_RATE * 2, 44 + 15 * DEMO_SAMPLE_RATE * 2)));
      }
      expect(openingHashes.size).toBe(rows.length);
    },
    SLOW,
  );

  it(
    'inserts and writes nothing when the library already has songs',
    async () => {
      const before = await allSongs();
      const filesBefore = (await readdir(mediaDir)).sort();
      await expect(seedDemoLibrary({ db: database.db, mediaDir, log })).resolves.toBe(0);
      expect((await allSongs()).map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
      expect((await readdir(mediaDir)).sort()).toEqual(filesBefore);
    },
    SLOW,
  );

  it(
    'removes the files it wrote when the insert fails',
    async () => {
      const dir = path.join(path.dirname(mediaDir), 'failing');
      let filesAtInsert = 0;
      const failingDb = {
        select: () => ({ from: () => ({ limit: async () => [] }) }),
        transaction: async () => {
          filesAtInsert = (await readdir(dir)).length;
          throw new Error('insert failed');
        },
      } as unknown as Db;
      await expect(seedDemoLibrary({ db: failingDb, mediaDir: dir, log })).rejects.toThrow('insert failed');
      expect(filesAtInsert).toBe(DEMO_TRACKS.length);
      expect(await readdir(dir)).toEqual([]);
    },
    SLOW,
  );

  it(
    'backs off, leaving no files, when another server seeded the library meanwhile',
    async () => {
      const dir = path.join(path.dirname(mediaDir), 'raced');
      const seeded = { select: () => ({ from: () => ({ limit: async () => [{ id: 'someone-else' }] }) }) };
      const racingDb = {
        select: () => ({ from: () => ({ limit: async () => [] }) }),
        transaction: async (fn: (tx: unknown) => Promise<number>) => fn({ ...seeded, execute: async () => undefined }),
      } as unknown as Db;
      await expect(seedDemoLibrary({ db: racingDb, mediaDir: dir, log })).resolves.toBe(0);
      expect(await readdir(dir)).toEqual([]);
    },
    SLOW,
  );
});
