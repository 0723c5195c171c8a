import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { songs } from '../../db/schema';
import type { TestApp } from '../../test/testApp';
import { BLUE, RED, writeSolidJpeg } from '../artwork/test/images';
import { fullScanContent, libraryContent } from './test/libraryContent';
import { describeWithFfmpeg, HAS_FFMPEG, makeMusicDir, makeTrack } from './test/makeTracks';
import { createScanApp, scanFoldersNow, scanNow } from './test/scanApp';

/** 10 folders of 2 songs each: "Artist i/Album i/t1.mp3" and "t2.mp3"; folder 0 has a cover image. */
const FOLDERS = 10;
const folderOf = (i: number) => path.join(root, `Artist ${i}`, `Album ${i}`);
const track = (i: number, n: number, tags: Record<string, string> = {}) =>
  makeTrack(root, path.join(`Artist ${i}`, `Album ${i}`, `t${n}.mp3`), {
    frequency: 300 + i * 20 + n,
    tags: { title: `Song ${i}.${n}`, artist: `Artist ${i}`, album: `Album ${i}`, track: `${n}`, ...tags },
  });

let t: TestApp;
let root: string;

beforeAll(async () => {
  root = await makeMusicDir();
  if (HAS_FFMPEG) {
    for (let i = 0; i < FOLDERS; i += 1) await Promise.all([track(i, 1), track(i, 2)]);
    await writeSolidJpeg(path.join(folderOf(0), 'cover.jpg'), RED);
  }
  t = await createScanApp(root);
}, 60_000);
afterAll(async () => t?.close());

describeWithFfmpeg('library scan of target folders (the watcher)', () => {
  it('a full scan walks all 20 files', async () => {
    const result = await scanNow(t);
    expect(result.counters).toMatchObject({ filesSeen: 21, added: 20 });
  });

  it('a changed file in one folder: only that folder is walked, and the library is what a full scan makes', async () => {
    await track(3, 2, { album: 'Album 3 Deluxe', genre: 'Folk' });
    const result = await scanFoldersNow(t, [folderOf(3)]);
    console.info(`targeted scan of 1 of ${FOLDERS} folders: ${result.counters.filesSeen} files walked, ${result.counters.tagsRead} read`);
    expect(result.counters).toMatchObject({ filesSeen: 2, unchanged: 1, changed: 1, tagsRead: 1, removed: 0 });
    expect(await libraryContent(t)).toEqual(await fullScanContent(root));
  });

  it('a deleted folder: its songs, album and artist go; nothing else is walked', async () => {
    await rm(path.join(root, 'Artist 5'), { recursive: true });
    const result = await scanFoldersNow(t, [path.join(root, 'Artist 5')]);
    expect(result.counters).toMatchObject({ filesSeen: 0, removed: 2, tagsRead: 0 });
    const content = await libraryContent(t);
    expect(content.artists.map((a) => a.name)).not.toContain('Artist 5');
    expect(content).toEqual(await fullScanContent(root));
  });

  it('a new folder: its files are added, and only they are walked', async () => {
    await track(11, 1);
    const result = await scanFoldersNow(t, [path.join(root, 'Artist 11')]);
    expect(result.counters).toMatchObject({ filesSeen: 1, added: 1, tagsRead: 1 });
    expect(await libraryContent(t)).toEqual(await fullScanContent(root));
  });

  it('a cover image replaced and a file moved between two target folders: the song keeps its id, the covers follow', async () => {
    const [before] = await t.app.db.select().from(songs).where(eq(songs.title, 'Song 7.1'));
    await rename(path.join(folderOf(7), 't1.mp3'), path.join(folderOf(8), 'moved.mp3'));
    await rm(path.join(folderOf(0), 'cover.jpg'));
    await writeSolidJpeg(path.join(folderOf(8), 'folder.jpg'), BLUE);
    const result = await scanFoldersNow(t, [folderOf(7), folderOf(8), folderOf(0)]);
    expect(result.counters).toMatchObject({ filesSeen: 7, moved: 1, added: 0, removed: 0 });
    const [after] = await t.app.db.select().from(songs).where(eq(songs.title, 'Song 7.1'));
    expect(after).toMatchObject({ id: before.id, filePath: path.join(folderOf(8), 'moved.mp3') });
    expect(await libraryContent(t)).toEqual(await fullScanContent(root));
  });

  it('songs outside the targets are left alone, even when their files are gone', async () => {
    await rm(path.join(folderOf(9), 't1.mp3'));
    const result = await scanFoldersNow(t, [folderOf(2), path.join(root, '..', 'elsewhere')]);
    expect(result.counters).toMatchObject({ filesSeen: 2, unchanged: 2, removed: 0 });
    expect(await t.app.db.select().from(songs).where(eq(songs.title, 'Song 9.1'))).toHaveLength(1);
    expect((await scanNow(t)).counters).toMatchObject({ removed: 1 });
  });

  it('a cover image gone from the top of the root (its own target): the top-level songs lose it, as in a full scan', async () => {
    await makeTrack(root, 'top.mp3', { frequency: 900, tags: { title: 'Top', artist: 'Topper', album: 'Loose' } });
    await writeSolidJpeg(path.join(root, 'cover.jpg'), BLUE);
    await scanNow(t);
    await rm(path.join(root, 'cover.jpg'));
    const result = await scanFoldersNow(t, [path.join(root, 'cover.jpg')]);
    expect(result.counters).toMatchObject({ filesSeen: 0, removed: 0 });
    expect(await libraryContent(t)).toEqual(await fullScanContent(root));
  });
});
