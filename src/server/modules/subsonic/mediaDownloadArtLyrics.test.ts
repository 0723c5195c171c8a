import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { albums, artists, songs } from '../../db/schema';
import { BLUE, RED, inspect, near } from '../../library/artwork/test/images';
import { describeWithFfmpeg } from '../../library/scan/test/makeTracks';
import { itMatchesOpenApi } from './test/itMatchesOpenApi';
import { bytesOf, fx, rawFetch, songRow, useMediaFixture } from './test/mediaFixture';

/** Subsonic download, getCoverArt, lyrics and avatars. */
useMediaFixture();

describeWithFfmpeg('Subsonic download', () => {
  it('sends the original file as an attachment with a safe name, ranges included', async () => {
    const song = await songRow('Q One');
    const file = await readFile(song.filePath);
    const res = await fx.as.listener.key.download({ id: song.id });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Queen - Q One.mp3"; filename*=UTF-8''Queen%20-%20Q%20One.mp3`);
    expect((await bytesOf(res)).equals(file)).toBe(true);
    const part = await rawFetch('download', { id: song.id }, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect((await bytesOf(part)).equals(file.subarray(10, 20))).toBe(true);
  });

  it('downloads an ALAC song as the original M4A, never a transcode, even with format=mp3', async () => {
    const song = await songRow('Lossless');
    const res = await fx.as.listener.key.download({ id: song.id, format: 'mp3' });
    expect(res.headers.get('content-type')).toBe('audio/mp4');
    expect(res.headers.get('content-disposition')).toContain('filename="Apple - Lossless.m4a"');
    expect((await bytesOf(res)).equals(await readFile(song.filePath))).toBe(true);
  });

  it('answers error 70 for an unknown id', async () => {
    const res = await fx.as.listener.key.download({ id: '00000000-0000-4000-8000-000000000000' });
    expect((await res.json())['subsonic-response'].error.code).toBe(70);
  });
});

describeWithFfmpeg('Subsonic getCoverArt', () => {
  it('serves the artwork of a hash, a song, an album and an artist as a JPEG of at most the size asked', async () => {
    const song = await songRow('Sung');
    const [album] = await fx.t.app.db.select().from(albums).where(eq(albums.name, 'Words'));
    const [artist] = await fx.t.app.db.select().from(artists).where(eq(artists.name, 'Singer'));
    expect(song.artworkHash).toMatch(/^[0-9a-f]{32}$/);
    for (const id of [song.artworkHash!, song.id, album.id, artist.id]) {
      const res = await fx.as.listener.token.getCoverArt({ id, size: 64 });
      expect({ id, status: res.status, type: res.headers.get('content-type') }).toEqual({ id, status: 200, type: 'image/jpeg' });
      const image = await bytesOf(res);
      const meta = await sharp(image).metadata();
      expect(meta.width).toBeLessThanOrEqual(64);
      expect(meta.height).toBeLessThanOrEqual(64);
      // the embedded picture: red on the left, blue on the right
      expect(near((await inspect(image, 10, 32)).pixel, RED)).toBe(true);
      expect(near((await inspect(image, 54, 32)).pixel, BLUE)).toBe(true);
    }
  });

  it('gives the largest thumbnail without a size, caches a hash for ever and answers 304 to its ETag', async () => {
    const song = await songRow('Sung');
    const res = await fx.as.listener.key.getCoverArt({ id: song.artworkHash! });
    expect((await sharp(await bytesOf(res)).metadata()).width).toBe(600);
    expect(res.headers.get('cache-control')).toContain('immutable');
    const etag = res.headers.get('etag')!;
    const again = await rawFetch('getCoverArt', { id: song.artworkHash! }, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('serves a placeholder album cover too, and answers error 70 for an id naming nothing', async () => {
    const res = await fx.as.listener.token.getCoverArt({ id: await fx.songId('Q One'), size: 300 });
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(await bytesOf(res)).metadata()).width).toBe(300);
    for (const id of ['00000000-0000-4000-8000-000000000000', '0'.repeat(32), 'nonsense']) {
      const missing = await fx.as.listener.token.getCoverArt({ id });
      expect({ id, body: (await missing.json())['subsonic-response'] }).toMatchObject({ id, body: { status: 'failed', error: { code: 70 } } });
    }
  });
});

describeWithFfmpeg('Subsonic lyrics and avatars', () => {
  it('getLyricsBySongId lists synced lines with their start in ms', async () => {
    const res = await fx.as.listener.token.getLyricsBySongId({ id: await fx.songId('Sung') });
    expect(res.status).toBe('ok');
    expect(res.lyricsList).toEqual({
      structuredLyrics: [
        {
          displayArtist: 'Singer',
          displayTitle: 'Sung',
          lang: 'xxx',
          offset: 0,
          synced: true,
          line: [
            { start: 500, value: 'Hello there' },
            { start: 1250, value: 'Goodbye now' },
          ],
        },
      ],
    });
  });

  it('getLyricsBySongId lists plain lyrics unsynced, and an empty lyricsList for a song without any', async () => {
    const plain = await fx.as.listener.key.getLyricsBySongId({ id: await fx.songId('Said') });
    expect(plain.lyricsList).toEqual({
      structuredLyrics: [
        {
          displayArtist: 'Singer',
          displayTitle: 'Said',
          lang: 'xxx',
          offset: 0,
          synced: false,
          line: [{ value: 'First line' }, { value: 'Second line' }],
        },
      ],
    });
    const none = await fx.as.listener.key.getLyricsBySongId({ id: await fx.songId('Q One') });
    expect(none).toMatchObject({ status: 'ok', lyricsList: {} });
    expect(none.lyricsList).toEqual({});
    const unknown = await fx.as.listener.key.getLyricsBySongId({ id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown).toMatchObject({ status: 'failed', error: { code: 70 } });
  });

  it('getLyricsBySongId lists every set, synced first, with its language and the file offset (positive: sooner)', async () => {
    const res = await fx.as.listener.token.getLyricsBySongId({ id: await fx.songId('Both Tongues') });
    const base = { displayArtist: 'Singer', displayTitle: 'Both Tongues' };
    expect(res.lyricsList).toEqual({
      structuredLyrics: [
        {
          ...base,
          lang: 'eng',
          offset: 250,
          synced: true,
          line: [
            { start: 500, value: 'Hello there' },
            { start: 1250, value: 'Goodbye now' },
          ],
        },
        { ...base, lang: 'deu', offset: 0, synced: false, line: [{ value: 'Hallo du' }, { value: 'Auf Wiedersehen' }] },
      ],
    });
    // getLyrics still answers plain text: the plain set's
    expect((await fx.as.listener.token.getLyrics({ artist: 'Singer', title: 'Both Tongues' })).lyrics.value).toBe('Hallo du\nAuf Wiedersehen');
  });

  it('answers for a song a scan marked missing as for an unknown one: error 70, and getLyrics finds nothing', async () => {
    const id = await fx.songId('Sung');
    await fx.t.app.db.update(songs).set({ missingSince: new Date() }).where(eq(songs.id, id));
    try {
      expect(await fx.as.listener.token.getLyricsBySongId({ id })).toMatchObject({ status: 'failed', error: { code: 70 } });
      expect((await fx.as.listener.token.getLyrics({ artist: 'Singer', title: 'Sung' })).lyrics).toEqual({ value: '' });
    } finally {
      await fx.t.app.db.update(songs).set({ missingSince: null }).where(eq(songs.id, id));
    }
  });

  it('answers XML with structuredLyrics and line elements carrying their text', async () => {
    const res = await fx.raw('getLyricsBySongId', fx.tokenParams('listener', { id: await fx.songId('Sung') }));
    const xml = await res.text();
    expect(xml).toContain('<lyricsList><structuredLyrics ');
    expect(xml).toContain('<line start="500">Hello there</line><line start="1250">Goodbye now</line>');
  });

  it('getLyrics finds lyrics by artist and title (case and punctuation ignored), else an empty value', async () => {
    const found = await fx.as.listener.token.getLyrics({ artist: 'singer', title: 'SUNG!' });
    expect(found.lyrics).toEqual({ artist: 'Singer', title: 'Sung', value: 'Hello there\nGoodbye now' });
    expect((await fx.as.listener.token.getLyrics({ title: 'Said' })).lyrics.value).toBe('First line\nSecond line');
    expect((await fx.as.listener.token.getLyrics({ artist: 'Queen', title: 'Q One' })).lyrics).toEqual({ value: '' });
  });

  it('getAvatar answers error 70: there are no avatars', async () => {
    const res = await fx.as.listener.token.getAvatar({ username: fx.as.listener.user.user.username });
    expect((await res.json())['subsonic-response']).toMatchObject({ status: 'failed', error: { code: 70 } });
  });
});

describeWithFfmpeg('Subsonic answers', () => {
  itMatchesOpenApi(() => fx);
});
