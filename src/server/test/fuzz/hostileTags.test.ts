import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { count } from 'drizzle-orm';
import { MESSAGES } from '../../../contract/messages';
import { songs } from '../../db/schema';
import { HAS_FFMPEG, itWithFfmpeg, makeMusicDir, makeTrack } from '../../library/scan/test/makeTracks';
import { multipartBody } from '../../modules/songs/test/multipartBody';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testApp';
import { text } from './arbitraries';
import { withFlacComments } from './flacComments';

/**
 * Property (issue 27, items 1 and 2): whatever a file's tags hold, an upload answers 201 (or the
 * clear 400 when the database takes none of them), never a 5xx, and a scan of such files completes
 * with every one of them written. FUZZ_RUNS scales the runs, FUZZ_SEED replays one.
 */
const RUNS = Math.max(20, Math.round(Number(process.env.FUZZ_RUNS ?? 2500) / 40));
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

const KEYS = ['TITLE', 'ARTIST', 'ARTISTS', 'ALBUM', 'ALBUMARTIST', 'GENRE', 'LYRICS', 'TRACKNUMBER', 'DISCNUMBER', 'DATE', 'COMPILATION'];
const MORE_KEYS = ['MUSICBRAINZ_ALBUMID', 'MUSICBRAINZ_ARTISTID', 'REPLAYGAIN_TRACK_GAIN', 'REPLAYGAIN_ALBUM_PEAK', 'TOTALTRACKS'];

/** a tag value: the route fuzzer's nasty text, raw bytes (invalid UTF-8), out-of-range numbers, thousands of values */
const value: fc.Arbitrary<string | Buffer> = fc.oneof(
  text,
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  fc.constantFrom('99999999999', '-1', '0', 'NaN', '1e309', '2147483648', '12/0', '0000-00-00', '-99999 dB'),
  fc.integer({ min: 1, max: 10_000 }).map((n) => Array.from({ length: n }, (_, i) => `N${i}`).join(';')),
  fc.tuple(fc.constantFrom('\u0000', '\u0007', 'é', '\ud800', 'ﷺ'), fc.integer({ min: 1, max: 5000 })).map(([c, n]) => `x${c}`.repeat(n)),
);
const comments = fc.array(fc.tuple(fc.constantFrom(...KEYS, ...MORE_KEYS), value), { minLength: 1, maxLength: 8 });

let t: TestApp;
let admin: TestUser;
let root: string;
let base: Buffer;

beforeAll(async () => {
  root = await makeMusicDir();
  if (HAS_FFMPEG) base = await readFile(await makeTrack(await makeMusicDir(), 'base.flac', { format: 'flac' }));
  t = await createTestApp({ env: { MUSIC_DIR: root } });
  admin = await createUser(t, { role: 'admin' });
}, 60_000);
afterAll(async () => t?.close());

describe('fuzzing tags through upload and scan', () => {
  itWithFfmpeg(
    `answers ${RUNS} uploads of arbitrary tags with 201 or the clear 400, never a 5xx`,
    async () => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(comments, async (tags) => {
          const { payload, headers } = multipartBody([{ name: 'song', filename: 'fuzz.flac', type: 'audio/flac', data: withFlacComments(base, tags) }]);
          const res = await t.app.inject({ method: 'POST', url: '/api/songs/upload', payload, headers: { ...headers, ...admin.headers } });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode !== 201)
            expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { success: false, message: MESSAGES.uploadTagsRefused } });
        }),
        { numRuns: RUNS, seed: SEED },
      );
      process.stdout.write(`tag fuzz: ${RUNS} uploads (seed ${SEED}); statuses ${JSON.stringify(Object.fromEntries(statuses))}\n`);
    },
    Math.max(120_000, RUNS * 2000),
  );

  itWithFfmpeg(
    'scans a folder of files with arbitrary tags to the end, every file written',
    async () => {
      const sample = fc.sample(comments, { numRuns: RUNS, seed: SEED });
      for (const [i, tags] of sample.entries()) await writeFile(path.join(root, `fuzz-${i}.flac`), withFlacComments(base, tags));
      const [{ before }] = await t.app.db.select({ before: count() }).from(songs);
      expect(await t.app.library.start()).toBe('started');
      await t.app.library.whenIdle();
      const result = t.app.library.status().lastResult;
      expect(result).toMatchObject({ outcome: 'completed', error: null, skippedTotal: 0, counters: { added: RUNS, failed: 0 } });
      const [{ after }] = await t.app.db.select({ after: count() }).from(songs);
      expect(after - before).toBe(RUNS);
    },
    Math.max(120_000, RUNS * 2000),
  );
});
