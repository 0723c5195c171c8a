import { jest } from '@jest/globals';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createUser, type TestApp, type TestUser } from '../../test/testApp';
import { describeWithFfmpeg, HAS_FFMPEG, makeMusicDir, makeTrack } from '../scan/test/makeTracks';
import { createScanApp, scanNow } from '../scan/test/scanApp';

/** issue 14: a change is in the library within 10 s */
const DEADLINE_MS = 10_000;

let t: TestApp;
let root: string;
let staging: string;
let listener: TestUser;
let closed = false;

async function search(text: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/songs?limit=200&search=${encodeURIComponent(text)}`, headers: listener.headers });
  return res.json().songs.map((s: { title: string }) => s.title);
}

async function songsFound(text: string): Promise<{ id: string; path: string }[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/songs?limit=200&search=${encodeURIComponent(text)}`, headers: listener.headers });
  return res.json().songs;
}

/** Polls until `check` holds; answers the milliseconds it took, or throws after the deadline. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if (await check()) return Date.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not seen within ${ms} ms`);
}

/** A track made outside the music folder, to be copied in (many at once make one burst). */
const staged = (name: string, title: string, frequency = 440) => makeTrack(staging, name, { frequency, tags: { title, artist: 'Watcher', album: 'Live' } });

beforeAll(async () => {
  root = await makeMusicDir();
  staging = await makeMusicDir();
  if (HAS_FFMPEG) await makeTrack(root, 'Old/keep.mp3', { tags: { title: 'Kept Song', artist: 'Ann', album: 'First' } });
  t = await createScanApp(root);
  listener = await createUser(t);
  if (HAS_FFMPEG) {
    await scanNow(t);
    t.app.libraryWatcher.start();
  }
});
afterAll(async () => {
  if (!closed) await t?.close();
});

describeWithFfmpeg('watching MUSIC_DIR', () => {
  it('a file written into the folder is found by search within 10 s, without the scan route', async () => {
    await makeTrack(root, 'Old/fresh.mp3', { frequency: 500, tags: { title: 'Freshly Written', artist: 'Ann', album: 'First' } });
    const took = await within(DEADLINE_MS, async () => (await search('Freshly')).includes('Freshly Written'));
    console.info(`watch: written file visible in search after ${took} ms`);
  }, 20_000);

  it('a removed file disappears', async () => {
    await rm(path.join(root, 'Old/fresh.mp3'));
    await within(DEADLINE_MS, async () => (await search('Freshly')).length === 0);
    expect(await search('Kept')).toEqual(['Kept Song']);
  }, 20_000);

  it('a new subfolder with a file is picked up', async () => {
    const made = await staged('sub.mp3', 'Deep Down', 610);
    await makeTrack(root, 'New/Deeper/.keep-hidden.mp3', { frequency: 620, tags: { title: 'Hidden Away' } });
    await copyFile(made, path.join(root, 'New/Deeper/sub.mp3'));
    await within(DEADLINE_MS, async () => (await search('Deep Down')).includes('Deep Down'));
    expect(await search('Hidden Away')).toEqual([]);
  }, 20_000);

  it('a file moved to another folder keeps its song', async () => {
    const [before] = await songsFound('Kept Song');
    await mkdir(path.join(root, 'Moved'));
    await rename(path.join(root, 'Old/keep.mp3'), path.join(root, 'Moved/keep.mp3'));
    await within(DEADLINE_MS, async () => (await songsFound('Kept Song'))[0]?.path === path.join('Moved', 'keep.mp3'));
    expect((await songsFound('Kept Song'))[0].id).toBe(before.id);
  }, 20_000);

  it('a burst of 20 file writes makes at most 2 scans', async () => {
    await t.app.library.whenIdle();
    const before = t.app.libraryWatcher.scansStarted;
    const made = await Promise.all(Array.from({ length: 20 }, (_, i) => staged(`burst${i}.mp3`, `Burst ${i}`, 300 + i * 10)));
    const start = Date.now();
    for (const [i, file] of made.entries()) await copyFile(file, path.join(root, `burst${i}.mp3`));
    const took = await within(DEADLINE_MS, async () => (await search('Burst')).length === 20);
    console.info(`watch: 20 copied files visible after ${took} ms (${Date.now() - start} ms from the first copy)`);
    await t.app.library.whenIdle();
    const scans = t.app.libraryWatcher.scansStarted - before;
    expect(scans).toBeGreaterThanOrEqual(1);
    expect(scans).toBeLessThanOrEqual(2);
  }, 30_000);

  it('closing the app stops the watcher: a later change starts no scan', async () => {
    await t.app.library.whenIdle();
    const before = t.app.libraryWatcher.scansStarted;
    closed = true;
    await t.close();
    const start = jest.spyOn(t.app.library, 'start');
    expect(t.app.libraryWatcher.watching).toBe(false);
    await copyFile(path.join(staging, 'burst0.mp3'), path.join(root, 'after-close.mp3'));
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(start).not.toHaveBeenCalled();
    expect(t.app.libraryWatcher.scansStarted).toBe(before);
  }, 20_000);
});
