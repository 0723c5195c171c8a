import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { albums, brokenArtworks, songs } from '../../db/schema';
import { artworkHash, artworkUrlOf, placeholderHash } from '../../library/artwork/hashes';
import type { ThumbnailRenderer } from '../../library/artwork/renderThumbnail';
import { GREEN, inspect, near, RED, writeHugePng, writeSolidJpeg, writeTruncatedJpeg, writeTwoColourPng } from '../../library/artwork/test/images';
import { describeWithFfmpeg, HAS_FFMPEG, makeMusicDir, makeTrack } from '../../library/scan/test/makeTracks';
import { createScanApp, scanNow } from '../../library/scan/test/scanApp';
import { createUser, type TestApp, type TestUser } from '../../test/testApp';

/**
 * Broken pictures (issue 27, item 5): a truncated JPEG, a PNG over sharp's pixel limit and
 * garbage bytes embedded in real files, and a garbage folder image. The first request that fails
 * to render one marks it broken in the database, answers the album's fallback (its folder image,
 * else its generated cover), and the picture is never decoded again; nothing answers 500.
 */
let t: TestApp;
let root: string;
let listener: TestUser;
/** decodes attempted, by the hash of the bytes handed to the renderer */
const decodes = new Map<string, number>();

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: listener.headers });
const songOf = async (title: string) => (await t.app.db.select().from(songs).where(eq(songs.title, title)))[0];
const albumOf = async (name: string) => (await t.app.db.select().from(albums).where(eq(albums.name, name)))[0];

beforeAll(async () => {
  root = await makeMusicDir();
  if (HAS_FFMPEG) {
    const truncated = await writeTruncatedJpeg(path.join(root, '.art/truncated.jpg'), RED);
    await makeTrack(root, 'Truncated/a.flac', {
      format: 'flac',
      cover: truncated,
      coverCodec: 'copy',
      tags: { title: 'Cut Song', artist: 'Ann', album: 'Cut Off' },
    });
    await writeSolidJpeg(path.join(root, 'Truncated/cover.jpg'), GREEN);

    const huge = await writeHugePng(path.join(root, '.art/huge.png'));
    await makeTrack(root, 'Huge/b.flac', {
      format: 'flac',
      frequency: 500,
      cover: huge,
      coverCodec: 'copy',
      tags: { title: 'Huge Song', artist: 'Bea', album: 'Too Many Pixels' },
    });

    // a real picture embedded, then its bytes in the file overwritten with noise of the same length
    const painted = await writeTwoColourPng(path.join(root, '.art/painted.png'), RED, GREEN);
    const file = await makeTrack(root, 'Garbage/c.flac', {
      format: 'flac',
      frequency: 600,
      cover: painted,
      coverCodec: 'copy',
      tags: { title: 'Noise Song', artist: 'Cy', album: 'Static' },
    });
    const picture = await readFile(painted);
    const audio = await readFile(file);
    const at = audio.indexOf(picture);
    if (at < 0) throw new Error('the embedded picture was not copied as it is');
    randomBytes(picture.length).copy(audio, at);
    await writeFile(file, audio);

    await makeTrack(root, 'BadFolder/d.mp3', { frequency: 700, tags: { title: 'Folder Noise', artist: 'Dee', album: 'Bad Folder' } });
    await writeFile(path.join(root, 'BadFolder/cover.jpg'), randomBytes(3000));
  }
  t = await createScanApp(root);
  listener = await createUser(t);
  // every render the app makes, counted by the bytes it was asked to decode
  const options = (t.app.artwork.cache as unknown as { options: { render: ThumbnailRenderer } }).options;
  const real = options.render;
  options.render = (image, size) => {
    const hash = artworkHash(image);
    decodes.set(hash, (decodes.get(hash) ?? 0) + 1);
    return real(image, size);
  };
  if (HAS_FFMPEG) await scanNow(t);
}, 120_000);
afterAll(async () => t?.close());

describeWithFfmpeg('artwork: broken pictures', () => {
  it('a truncated embedded JPEG is marked broken at its first request, and the album falls back to its folder image', async () => {
    const before = await songOf('Cut Song');
    const broken = before.pictureHash!;
    expect(broken).toMatch(/^[0-9a-f]{32}$/);
    expect((await albumOf('Cut Off')).artworkHash).toBe(broken);
    const folder = artworkHash(await readFile(path.join(root, 'Truncated/cover.jpg')));

    const first = await get(`${artworkUrlOf(broken)}?size=64`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toBe(`"${folder}-64"`);
    expect(near((await inspect(first.rawPayload, 32, 32)).pixel, GREEN)).toBe(true);

    // persisted: the picture is marked broken, its album and song show the folder image
    const [mark] = await t.app.db.select().from(brokenArtworks).where(eq(brokenArtworks.hash, broken));
    expect(mark.reason).toMatch(/premature end of JPEG/i);
    expect((await songOf('Cut Song')).artworkHash).toBe(folder);
    expect((await albumOf('Cut Off')).artworkHash).toBe(folder);

    // never decoded again, whatever size is asked for: the old URL answers the fallback
    for (const size of [64, 300, 600]) {
      const again = await get(`${artworkUrlOf(broken)}?size=${size}`);
      expect(again.statusCode).toBe(200);
      expect(again.headers.etag).toBe(`"${folder}-${size}"`);
    }
    expect(decodes.get(broken)).toBe(1);
    // a rescan of the unchanged tree does not bring it back
    await scanNow(t);
    expect((await albumOf('Cut Off')).artworkHash).toBe(folder);
  });

  it.each([
    ['a PNG over the pixel limit', 'Huge Song', 'Too Many Pixels'],
    ['garbage bytes', 'Noise Song', 'Static'],
  ])('%s falls back to the generated cover, and no request answers 500', async (_name, title, album) => {
    const broken = (await songOf(title)).pictureHash!;
    expect(broken).toMatch(/^[0-9a-f]{32}$/);
    const answers = await Promise.all([64, 300, 600, 300].map((size) => get(`${artworkUrlOf(broken)}?size=${size}`)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const generated = placeholderHash(album);
    expect(answers[1].headers.etag).toBe(`"${generated}-300"`);
    expect(await inspect(answers[2].rawPayload, 0, 0)).toMatchObject({ width: 600, height: 600, format: 'jpeg' });
    expect((await albumOf(album)).artworkHash).toBe(generated);
    const listed = await get(`/api/songs?search=${encodeURIComponent(title)}`);
    expect(listed.json().songs[0].artworkUrl).toBe(artworkUrlOf(generated));
    // each size was decoded at most once (the concurrent first requests), and never again
    const decodedBefore = decodes.get(broken)!;
    expect(decodedBefore).toBeLessThanOrEqual(4);
    expect((await get(`${artworkUrlOf(broken)}?size=64`)).statusCode).toBe(200);
    expect(decodes.get(broken)).toBe(decodedBefore);
  });

  it('a garbage folder image falls back to the generated cover, and is not decoded again', async () => {
    const broken = artworkHash(await readFile(path.join(root, 'BadFolder/cover.jpg')));
    expect((await albumOf('Bad Folder')).artworkHash).toBe(broken);
    const first = await get(artworkUrlOf(broken)!);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBe(`"${placeholderHash('Bad Folder')}-300"`);
    expect((await albumOf('Bad Folder')).artworkHash).toBe(placeholderHash('Bad Folder'));
    expect((await get(artworkUrlOf(broken)!)).statusCode).toBe(200);
    expect(decodes.get(broken)).toBe(1);
    // a rescan that reads the folder again finds the same bytes, still marked
    await writeFile(path.join(root, 'BadFolder/cover.jpg'), await readFile(path.join(root, 'BadFolder/cover.jpg')));
    await scanNow(t);
    expect((await albumOf('Bad Folder')).artworkHash).toBe(placeholderHash('Bad Folder'));
    expect(decodes.get(broken)).toBe(1);
  });
});
