import { rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { albums, artists, songs } from '../../db/schema';
import { createUser, type TestApp, type TestUser } from '../../test/testApp';
import { HAS_FFMPEG, itWithFfmpeg, makeMusicDir, makeTrack } from './test/makeTracks';
import { createScanApp, scanNow } from './test/scanApp';

let t: TestApp;
let root: string;
let listener: TestUser;

beforeAll(async () => {
  root = await makeMusicDir();
  if (HAS_FFMPEG) {
    // ffmpeg writes `compilation` into an MP3 as a TXXX frame, not as the TCMP frame
    for (const [i, artist] of ['Dee', 'Eli', 'Fay'].entries()) {
      await makeTrack(root, `Mix/${i + 1}.mp3`, {
        frequency: 400 + i * 10,
        tags: { title: `Mix ${i + 1}`, artist, album: 'Road Mix', compilation: '1', track: `${i + 1}/3`, date: '2019' },
      });
    }
    await makeTrack(root, 'Solo/only.mp3', { frequency: 800, tags: { title: 'Only Song', artist: 'Lonely Artist', album: 'Alone' } });
    // an LRC text in the LYRICS tag: music-metadata answers it as synced lines
    await makeTrack(root, 'Sync/sung.flac', {
      format: 'flac',
      frequency: 700,
      tags: { title: 'Sung', artist: 'Singer', album: 'Words', LYRICS: '[00:00.50]Hello there\n[00:01.25]Goodbye now' },
    });
  }
  t = await createScanApp(root);
  listener = await createUser(t);
  if (HAS_FFMPEG) await scanNow(t);
});
afterAll(async () => t?.close());

const artistNames = async () => (await t.app.db.select({ name: artists.name }).from(artists)).map((a) => a.name).sort();

describe('library scan: MP3 compilations, artists left without songs, synced lyrics', () => {
  itWithFfmpeg('makes an MP3 compilation of three artists (tagged by ffmpeg) one album by Various Artists', async () => {
    const rows = await t.app.db.select().from(albums).where(eq(albums.name, 'Road Mix'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ albumArtist: 'Various Artists', compilation: true, year: 2019 });
    const res = await t.app.inject({ method: 'GET', url: `/api/albums/${rows[0].id}`, headers: listener.headers });
    expect(res.json().album.songs.map((s: { artist: string }) => s.artist)).toEqual(['Dee', 'Eli', 'Fay']);
  });

  itWithFfmpeg('reads an LRC text in the LYRICS tag as synced lyrics, with the plain text beside', async () => {
    const [sung] = await t.app.db.select().from(songs).where(eq(songs.title, 'Sung'));
    expect(sung.lyrics).toEqual({
      synced: [
        { timeMs: 500, text: 'Hello there' },
        { timeMs: 1250, text: 'Goodbye now' },
      ],
      plain: 'Hello there\nGoodbye now',
    });
  });

  itWithFfmpeg('hides an artist, and the album, left without present songs when their file is removed (docs/product.md §5.7: kept until purged)', async () => {
    expect(await artistNames()).toContain('Lonely Artist');
    await rm(path.join(root, 'Solo'), { recursive: true });
    const result = await scanNow(t);
    expect(result.counters).toMatchObject({ removed: 1 });
    const listed = await t.app.inject({ method: 'GET', url: '/api/artists', headers: listener.headers });
    const listedNames = listed.json().artists.map((a: { name: string }) => a.name);
    expect(listedNames).not.toContain('Lonely Artist');
    expect(listedNames).toEqual(expect.arrayContaining(['Dee', 'Eli', 'Fay', 'Various Artists', 'Singer']));
    const albumList = await t.app.inject({ method: 'GET', url: '/api/albums?limit=100', headers: listener.headers });
    expect(albumList.json().albums.map((a: { name: string }) => a.name)).not.toContain('Alone');
    expect(await t.app.db.select().from(albums).where(eq(albums.name, 'Alone'))).toHaveLength(1);
  });

  itWithFfmpeg('deletes an artist no song credits any more after a retag, and writes nothing more on an unchanged rescan', async () => {
    await makeTrack(root, 'Sync/sung.flac', { format: 'flac', frequency: 710, tags: { title: 'Sung', artist: 'New Singer', album: 'Words' } });
    await scanNow(t);
    expect(await artistNames()).toContain('New Singer');
    expect(await artistNames()).not.toContain('Singer');
    const again = await scanNow(t);
    expect(again.counters).toMatchObject({ tagsRead: 0, rowsWritten: 0 });
  });
});
