import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createUser, type TestApp, type TestUser } from '../../test/testApp';
import { describeWithFfmpeg, HAS_FFMPEG, makeMusicDir, makeTrack } from '../scan/test/makeTracks';
import { createScanApp, scanNow } from '../scan/test/scanApp';

/** docs/product.md §5.8: a .lrc added, changed or removed beside an untouched file reaches its song through the watcher. */
const DEADLINE_MS = 10_000;

let t: TestApp;
let root: string;
let listener: TestUser;

beforeAll(async () => {
  root = await makeMusicDir();
  if (HAS_FFMPEG) {
    await makeTrack(root, 'Album/nested.mp3', { frequency: 600, tags: { title: 'Nested Song', artist: 'Ann', album: 'Album' } });
    await makeTrack(root, 'top.mp3', { frequency: 610, tags: { title: 'Top Song', artist: 'Ann' } });
  }
  t = await createScanApp(root);
  listener = await createUser(t);
  if (HAS_FFMPEG) {
    await scanNow(t);
    t.app.libraryWatcher.start();
  }
}, 60_000);
afterAll(async () => t?.close());

async function idOf(title: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/songs?search=${encodeURIComponent(title)}`, headers: listener.headers });
  return res.json().songs[0].id;
}

async function firstLines(id: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/songs/${id}/lyrics`, headers: listener.headers });
  return res.json().lyrics.map((set: { lines: { text: string }[] }) => set.lines[0].text);
}

async function until(check: () => Promise<boolean>): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < DEADLINE_MS) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not seen within ${DEADLINE_MS} ms`);
}

describeWithFfmpeg('the watcher and .lrc files', () => {
  for (const [title, lrc] of [
    ['Nested Song', 'Album/nested.lrc'],
    ['Top Song', 'top.lrc'],
  ]) {
    it(`follows ${lrc} added, changed and removed`, async () => {
      const id = await idOf(title);
      const file = path.join(root, lrc);
      await writeFile(file, '[00:01.00]First words');
      await until(async () => (await firstLines(id))[0] === 'First words');
      await writeFile(file, '[00:01.00]Other words, longer');
      await until(async () => (await firstLines(id))[0] === 'Other words, longer');
      await rm(file);
      await until(async () => (await firstLines(id)).length === 0);
    }, 40_000);
  }
});
