import { jest } from '@jest/globals';
import { mkdir, rm } from 'node:fs/promises';
import { createUser, type TestApp, type TestUser } from '../../test/testApp';
import { describeWithFfmpeg, HAS_FFMPEG, makeMusicDir, makeTrack } from '../scan/test/makeTracks';
import { createScanApp, scanNow } from '../scan/test/scanApp';
/** issue 27, item 4: the watcher looks at the root every 5 s (DEFAULT_ROOT_CHECK_MS) */
const SEEN_GONE_MS = 7_000;
/** a root check, then the burst's 2 s of quiet and the scan */
const DEADLINE_MS = 15_000;

let t: TestApp;
let root: string;
let listener: TestUser;
let warn: jest.SpiedFunction<TestApp['app']['log']['warn']>;

async function search(text: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/songs?limit=200&search=${encodeURIComponent(text)}`, headers: listener.headers });
  return res.json().songs.map((s: { title: string }) => s.title);
}

async function within(ms: number, check: () => Promise<boolean> | boolean): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if (await check()) return Date.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not seen within ${ms} ms`);
}

/** The messages the app logged at warn since the spy was set. */
const warnings = () => warn.mock.calls.map((args) => args.find((arg) => typeof arg === 'string'));

beforeAll(async () => {
  root = await makeMusicDir();
  if (HAS_FFMPEG) await makeTrack(root, 'Old/before.mp3', { tags: { title: 'Before Restore', artist: 'Ann', album: 'First' } });
  t = await createScanApp(root);
  listener = await createUser(t);
  if (HAS_FFMPEG) {
    await scanNow(t);
    t.app.libraryWatcher.start();
  }
});
beforeEach(() => {
  warn = jest.spyOn(t.app.log, 'warn');
});
afterEach(() => warn.mockRestore());
afterAll(async () => {
  await t?.close();
  await rm(root, { recursive: true, force: true });
});

/** Makes MUSIC_DIR again with one new song in a new folder. */
async function restoreWith(title: string, frequency: number): Promise<void> {
  await mkdir(root);
  await makeTrack(root, 'Restored/song.mp3', { frequency, tags: { title, artist: 'Ann', album: 'Restored' } });
}

describeWithFfmpeg('MUSIC_DIR removed and re-created (a restore, a remount)', () => {
  it('removed, seen gone, then made again: logged at warn, and a file in the new folder is found', async () => {
    await rm(root, { recursive: true });
    await within(SEEN_GONE_MS, () => warnings().some((message) => /gone/.test(message ?? '')));
    await restoreWith('After The Gap', 520);
    const took = await within(DEADLINE_MS, async () => (await search('After The Gap')).includes('After The Gap'));
    console.info(`watch: MUSIC_DIR re-created: its new file searchable after ${took} ms`);
    expect(warnings()).toEqual(expect.arrayContaining([expect.stringMatching(/gone/), expect.stringMatching(/there again/)]));
  }, 40_000);

  it('removed and made again at once (the same inode number comes back): logged at warn, and the new folder is watched', async () => {
    await t.app.library.whenIdle();
    await rm(root, { recursive: true });
    await restoreWith('Straight Back', 540);
    const took = await within(DEADLINE_MS, async () => (await search('Straight Back')).includes('Straight Back'));
    console.info(`watch: MUSIC_DIR replaced: its new file searchable after ${took} ms`);
    await within(DEADLINE_MS, () => warnings().some((message) => /replaced|there again/.test(message ?? '')));
    // the burst of the removal may have found that file on its own: a later change proves the new tree is watched
    await makeTrack(root, 'Restored/later.mp3', { frequency: 560, tags: { title: 'Later Still', artist: 'Ann', album: 'Restored' } });
    await within(10_000, async () => (await search('Later Still')).includes('Later Still'));
  }, 60_000);
});
