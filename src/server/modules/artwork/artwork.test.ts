import { readFile, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { albums, songs } from '../../db/schema';
import { artworkHash, artworkUrlOf, placeholderHash } from '../../library/artwork/hashes';
import { BLUE, GREEN, inspect, near, RED, writeSolidJpeg, writeTwoColourPng, YELLOW } from '../../library/artwork/test/images';
import { HAS_FFMPEG, describeWithFfmpeg, makeMusicDir, makeTrack } from '../../library/scan/test/makeTracks';
import { createScanApp, scanNow } from '../../library/scan/test/scanApp';
import { createUser, type TestApp, type TestUser } from '../../test/testApp';
import { streamCookieHeader } from '../songs/test/streamCookieHeader';

let t: TestApp;
let root: string;
let listener: TestUser;

const songOf = async (title: string) => (await t.app.db.select().from(songs).where(eq(songs.title, title)))[0];
const albumOf = async (name: string) => (await t.app.db.select().from(albums).where(eq(albums.name, name)))[0];
const get = (url: string, headers: Record<string, string> = listener.headers) => t.app.inject({ method: 'GET', url, headers });
async function songJson(title: string) {
  const res = await get(`/api/songs?search=${encodeURIComponent(title)}`);
  return res.json().songs.find((s: { title: string }) => s.title === title);
}

beforeAll(async () => {
  root = await makeMusicDir();
  if (HAS_FFMPEG) {
    const painted = await writeTwoColourPng(path.join(root, '.art/painted.png'), RED, BLUE);
    await makeTrack(root, 'Embedded/a.flac', { format: 'flac', cover: painted, tags: { title: 'Painted Song', artist: 'Ann', album: 'Painted' } });
    await writeSolidJpeg(path.join(root, 'Folder/Cover.JPG'), GREEN);
    await makeTrack(root, 'Folder/b.mp3', { tags: { title: 'Folder One', artist: 'Bea', album: 'Foldered' } });
    await makeTrack(root, 'Folder/c.mp3', { frequency: 500, tags: { title: 'Folder Two', artist: 'Bea', album: 'Foldered' } });
    await writeSolidJpeg(path.join(root, 'Both/folder.jpg'), GREEN);
    await makeTrack(root, 'Both/d.flac', { format: 'flac', cover: painted, tags: { title: 'Both Song', artist: 'Cy', album: 'Both Ways' } });
    await makeTrack(root, 'Bare/e.mp3', { frequency: 600, tags: { title: 'Bare Song', artist: 'Dee', album: 'Nothing Here' } });
    await makeTrack(root, 'Bare2/f.mp3', { frequency: 650, tags: { title: 'Other Bare', artist: 'Eve', album: 'Nothing Here' } });
  }
  t = await createScanApp(root);
  listener = await createUser(t);
  if (HAS_FFMPEG) await scanNow(t);
  // ffmpeg, sharp and a scan: beside the whole suite on 2 cores this takes well over jest's 30 s
}, 120_000);
afterAll(async () => t?.close());

describeWithFfmpeg('artwork: what the scan finds', () => {
  it('an embedded picture gives the song an artworkUrl whose thumbnail is that picture, 300 px by default', async () => {
    const song = await songJson('Painted Song');
    expect(song.artworkUrl).toMatch(/^\/api\/artwork\/[0-9a-f]{32}$/);
    const res = await get(song.artworkUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const left = await inspect(res.rawPayload, 60, 150);
    expect(left).toMatchObject({ width: 300, height: 300, format: 'jpeg' });
    expect(near(left.pixel, RED)).toBe(true);
    expect(near((await inspect(res.rawPayload, 240, 150)).pixel, BLUE)).toBe(true);
    const album = await get(`/api/albums/${song.albumId}`);
    expect(album.json().album.artworkUrl).toBe(song.artworkUrl);
  });

  it('songs without a picture use their folder image (Cover.JPG, case ignored) and so does their album', async () => {
    const expected = artworkUrlOf(artworkHash(await readFile(path.join(root, 'Folder/Cover.JPG'))));
    expect((await songJson('Folder One')).artworkUrl).toBe(expected);
    expect((await songJson('Folder Two')).artworkUrl).toBe(expected);
    expect(artworkUrlOf((await albumOf('Foldered')).artworkHash)).toBe(expected);
    const res = await get(`${expected}?size=600`);
    const thumb = await inspect(res.rawPayload, 300, 300);
    expect(thumb).toMatchObject({ width: 600, height: 600 });
    expect(near(thumb.pixel, GREEN)).toBe(true);
  });

  it('an embedded picture beats the folder image', async () => {
    const song = await songJson('Both Song');
    expect(song.artworkUrl).toBe((await songJson('Painted Song')).artworkUrl);
    expect((await albumOf('Both Ways')).artworkHash).toBe((await songOf('Both Song')).pictureHash);
  });

  it('an album without artwork gets a placeholder from its name: one name, one URL, and a real image', async () => {
    const url = artworkUrlOf(placeholderHash('Nothing Here'));
    expect((await songJson('Bare Song')).artworkUrl).toBe(url);
    expect((await songJson('Other Bare')).artworkUrl).toBe(url);
    const list = await get('/api/albums?sort=name&limit=50');
    const names = list.json().albums.filter((a: { name: string }) => a.name === 'Nothing Here');
    expect(names).toHaveLength(2);
    expect(names.map((a: { artworkUrl: string }) => a.artworkUrl)).toEqual([url, url]);
    expect(list.json().albums.every((a: { artworkUrl: string | null }) => a.artworkUrl !== null)).toBe(true);
    const res = await get(`${url}?size=64`);
    expect(res.statusCode).toBe(200);
    expect(await inspect(res.rawPayload, 10, 10)).toMatchObject({ width: 64, height: 64, format: 'jpeg' });
  });

  it('artists carry the artwork of one of their albums', async () => {
    const res = await get('/api/artists?limit=50');
    const ann = res.json().artists.find((a: { name: string }) => a.name === 'Ann');
    expect(ann.artworkUrl).toBe((await songJson('Painted Song')).artworkUrl);
  });
});

describeWithFfmpeg('artwork: the route', () => {
  it('answers 64 x 64 for size=64, with ETag and immutable caching, and 304 for If-None-Match', async () => {
    const { artworkUrl } = await songJson('Painted Song');
    const res = await get(`${artworkUrl}?size=64`);
    expect(await inspect(res.rawPayload, 0, 0)).toMatchObject({ width: 64, height: 64 });
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const etag = res.headers.etag as string;
    expect(etag).toBe(`"${artworkUrl.split('/').pop()}-64"`);
    const again = await get(`${artworkUrl}?size=64`, { ...listener.headers, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const otherSize = await get(`${artworkUrl}?size=300`, { ...listener.headers, 'if-none-match': etag });
    expect(otherSize.statusCode).toBe(200);
  });

  it('refuses an anonymous request and accepts the session stream cookie, as the stream route does', async () => {
    const { artworkUrl } = await songJson('Painted Song');
    const anonymous = await t.app.inject({ method: 'GET', url: artworkUrl });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, message: 'Authentication required' });
    const me = await get('/api/auth/me');
    expect([me.headers['set-cookie']].flat().some((c) => /^wl_stream=[^;]+; Path=\/api\/artwork;/.test(String(c)))).toBe(true);
    const cookie = await streamCookieHeader(t.app, listener);
    expect((await t.app.inject({ method: 'GET', url: artworkUrl, headers: cookie })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: artworkUrl, headers: { cookie: 'wl_stream=forged.token.value' } })).statusCode).toBe(401);
  });

  it('answers 400 for a size it does not make and 404 for a hash it does not know', async () => {
    const { artworkUrl } = await songJson('Painted Song');
    for (const size of ['100', 'big', '0']) {
      const res = await get(`${artworkUrl}?size=${size}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/size must be one of 64, 300, 600/);
    }
    expect((await get(`/api/artwork/${'0'.repeat(32)}`)).statusCode).toBe(404);
    expect((await get('/api/artwork/not-a-hash')).statusCode).toBe(404);
  });

  it('makes a thumbnail once and serves it from DATA_DIR afterwards', async () => {
    const { artworkUrl } = await songJson('Folder One');
    const hash = artworkUrl.split('/').pop();
    const file = path.join(t.app.artwork.cache.fileOf(hash, 300));
    await get(artworkUrl);
    const made = await stat(file);
    // a different picture written in its place is what the next answer carries: no new render
    await writeSolidJpeg(file, YELLOW, 300, 300);
    const old = new Date(made.mtimeMs - 10_000);
    await utimes(file, old, old);
    const res = await get(artworkUrl);
    expect(near((await inspect(res.rawPayload, 150, 150)).pixel, YELLOW)).toBe(true);
    expect(Math.abs((await stat(file)).mtimeMs - old.getTime())).toBeLessThan(1);
  });
});

describeWithFfmpeg('artwork: rescans', () => {
  it('an unchanged tree (folder images included) reads no tag and writes no row', async () => {
    const result = await scanNow(t);
    expect(result.counters).toMatchObject({ tagsRead: 0, rowsWritten: 0, added: 0, changed: 0 });
    expect(result.skipped.some((s) => /cover\.jpg|folder\.jpg/i.test(s.path))).toBe(false);
  });

  it('a changed folder image is picked up without reading the songs again', async () => {
    const before = (await songJson('Folder One')).artworkUrl;
    await writeSolidJpeg(path.join(root, 'Folder/Cover.JPG'), YELLOW, 100, 100);
    const result = await scanNow(t);
    expect(result.counters.tagsRead).toBe(0);
    expect(result.counters.rowsWritten).toBeGreaterThan(0);
    const after = (await songJson('Folder One')).artworkUrl;
    expect(after).not.toBe(before);
    expect(after).toBe(artworkUrlOf(artworkHash(await readFile(path.join(root, 'Folder/Cover.JPG')))));
    expect(artworkUrlOf((await albumOf('Foldered')).artworkHash)).toBe(after);
    expect((await scanNow(t)).counters.rowsWritten).toBe(0);
  });
});
