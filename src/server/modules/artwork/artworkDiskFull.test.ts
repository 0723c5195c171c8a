import * as realFsPromises from 'node:fs/promises';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { jest } from '@jest/globals';
import { fsPromisesOnFullDisk } from '../../test/fullDisk';
import type { TestApp, TestUser } from '../../test/testApp';

/**
 * A cover rendered on a full disk (issue 27, item 10): the thumbnail cache writes each rendered
 * size with node:fs/promises' writeFile; here that write leaves half the file and fails with ENOSPC.
 */
let fullDisk = false;
jest.unstable_mockModule('node:fs/promises', () => fsPromisesOnFullDisk(realFsPromises, () => fullDisk));

const { createUser } = await import('../../test/testApp');
const { albums } = await import('../../db/schema');
const { artworkUrlOf } = await import('../../library/artwork/hashes');
const { GREEN, writeSolidJpeg } = await import('../../library/artwork/test/images');
const { describeWithFfmpeg, HAS_FFMPEG, makeMusicDir, makeTrack } = await import('../../library/scan/test/makeTracks');
const { createScanApp, scanNow } = await import('../../library/scan/test/scanApp');

let t: TestApp;
let listener: TestUser;

beforeAll(async () => {
  const root = await makeMusicDir();
  if (HAS_FFMPEG) {
    await makeTrack(root, 'Full/a.mp3', { tags: { title: 'Full Song', artist: 'Ann', album: 'No Room' } });
    await writeSolidJpeg(path.join(root, 'Full/cover.jpg'), GREEN);
  }
  t = await createScanApp(root);
  listener = await createUser(t);
  if (HAS_FFMPEG) await scanNow(t);
}, 120_000);
afterAll(async () => t?.close());

describeWithFfmpeg('artwork on a full disk', () => {
  it('answers 507 "The server\'s disk is full" and leaves no half-written thumbnail; then 200 with room again', async () => {
    const [album] = await t.app.db.select().from(albums).where(eq(albums.name, 'No Room'));
    const url = `${artworkUrlOf(album.artworkHash!)}?size=64`;
    const cacheDir = (t.app.artwork.cache as unknown as { options: { dir: string } }).options.dir;
    fullDisk = true;
    const res = await t.app.inject({ method: 'GET', url, headers: listener.headers });
    fullDisk = false;
    expect(res.json()).toEqual({ success: false, message: "The server's disk is full" });
    expect(res.statusCode).toBe(507);
    expect(await readdir(cacheDir).catch(() => [])).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url, headers: listener.headers })).statusCode).toBe(200);
  });
});
