import { jest } from '@jest/globals';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ScanResult } from '../../../contract/library';
import type { TestApp } from '../../test/testApp';
import { fullScanContent, libraryContent } from '../scan/test/libraryContent';
import { describeWithFfmpeg, HAS_FFMPEG, makeMusicDir, makeTrack } from '../scan/test/makeTracks';
import { createScanApp, scanNow } from '../scan/test/scanApp';

/** 10 folders of 2 songs each: "Artist i/Album i/t1.mp3" and "t2.mp3". */
const FOLDERS = 10;
let t: TestApp;
let root: string;
let staging: string;
let starts: jest.SpiedFunction<TestApp['app']['library']['start']>;

const folderOf = (i: number) => path.join(root, `Artist ${i}`, `Album ${i}`);
const trackSpec = (i: number, n: number, extra: Record<string, string> = {}) => ({
  frequency: 300 + i * 20 + n,
  tags: { title: `Song ${i}.${n}`, artist: `Artist ${i}`, album: `Album ${i}`, track: `${n}`, ...extra },
});
/** A track made outside the music folder, copied in by the test. */
const staged = (i: number, n: number) => makeTrack(staging, `${i}-${n}.mp3`, trackSpec(i, n));

/** Waits for the watcher's next scan (within 10 s, docs/product.md §5.7) to end; answers its result. */
async function nextScan(scansBefore: number): Promise<ScanResult> {
  const deadline = Date.now() + 10_000;
  while (t.app.libraryWatcher.scansStarted === scansBefore) {
    if (Date.now() > deadline) throw new Error('no rescan within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await t.app.library.whenIdle();
  return t.app.library.status().lastResult as ScanResult;
}

const scanned = () => starts.mock.calls.map(([targets]) => (targets ? [...targets].sort() : 'everything'));

beforeAll(async () => {
  root = await makeMusicDir();
  staging = await makeMusicDir();
  if (HAS_FFMPEG) {
    for (let i = 0; i < FOLDERS; i += 1) {
      await Promise.all([1, 2].map((n) => makeTrack(root, path.join(`Artist ${i}`, `Album ${i}`, `t${n}.mp3`), trackSpec(i, n))));
    }
  }
  t = await createScanApp(root);
  if (HAS_FFMPEG) {
    await scanNow(t);
    t.app.libraryWatcher.start();
  }
}, 60_000);
beforeEach(() => {
  starts = jest.spyOn(t.app.library, 'start');
});
afterEach(() => starts.mockRestore());
afterAll(async () => t?.close());

describeWithFfmpeg('the watcher rescans only the folders that changed', () => {
  it('a file changed in one folder of ten: one scan of that folder, which walks its 2 files, and the library a full scan makes', async () => {
    const before = t.app.libraryWatcher.scansStarted;
    const staging3 = await makeTrack(staging, 'retagged.mp3', trackSpec(3, 2, { album: 'Album 3 Deluxe' }));
    await copyFile(staging3, path.join(folderOf(3), 't2.mp3'));
    const result = await nextScan(before);
    console.info(`watch: one changed file in 1 of ${FOLDERS} folders: ${result.counters.filesSeen} files walked (a full scan walks ${FOLDERS * 2})`);
    expect(scanned()).toEqual([[folderOf(3)]]);
    expect(result.counters).toMatchObject({ filesSeen: 2, changed: 1, unchanged: 1, tagsRead: 1 });
    expect(await libraryContent(t)).toEqual(await fullScanContent(root));
  }, 30_000);

  it('deleted folders: a nested one rescans its parent, a top-level one only its own songs', async () => {
    const before = t.app.libraryWatcher.scansStarted;
    await rm(folderOf(5), { recursive: true });
    await rm(path.join(root, 'Artist 6'), { recursive: true });
    const result = await nextScan(before);
    expect(scanned()).toEqual([[path.join(root, 'Artist 5'), path.join(root, 'Artist 6')]]);
    expect(result.counters).toMatchObject({ filesSeen: 0, removed: 4 });
    expect(await libraryContent(t)).toEqual(await fullScanContent(root));
  }, 30_000);

  it('a new folder: its top folder is scanned, and its file added', async () => {
    const before = t.app.libraryWatcher.scansStarted;
    const made = await staged(11, 1);
    await mkdir(folderOf(11), { recursive: true });
    await copyFile(made, path.join(folderOf(11), 't1.mp3'));
    const result = await nextScan(before);
    expect(scanned()).toEqual([[path.join(root, 'Artist 11')]]);
    expect(result.counters).toMatchObject({ filesSeen: 1, added: 1 });
  }, 30_000);

  it('a burst of writes in three folders makes one scan of those three folders', async () => {
    const before = t.app.libraryWatcher.scansStarted;
    const made = await Promise.all([staged(1, 3), staged(2, 3), staged(2, 4), staged(4, 3)]);
    const into = [path.join(folderOf(1), 't3.mp3'), path.join(folderOf(2), 't3.mp3'), path.join(folderOf(2), 't4.mp3'), path.join(folderOf(4), 't3.mp3')];
    for (const [i, file] of made.entries()) await copyFile(file, into[i]);
    const result = await nextScan(before);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(t.app.libraryWatcher.scansStarted - before).toBe(1);
    expect(scanned()).toEqual([[folderOf(1), folderOf(2), folderOf(4)]]);
    expect(result.counters).toMatchObject({ filesSeen: 3 + 4 + 3, added: 4, unchanged: 6 });
  }, 30_000);
});
