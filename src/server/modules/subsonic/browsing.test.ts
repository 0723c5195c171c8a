import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeWithFfmpeg } from '../../library/scan/test/makeTracks';
import { SUBSONIC_METHODS } from './methods';
import { libraryIds, UNKNOWN_ID } from './test/browseHelpers';
import { itMatchesOpenApi } from './test/itMatchesOpenApi';
import { subsonicFixture, type SubsonicFixture } from './test/subsonicFixture';
import { expectValidXml } from './test/xsd';

let fx: SubsonicFixture;
let ids: ReturnType<typeof libraryIds>;
beforeAll(async () => {
  fx = await subsonicFixture();
  ids = libraryIds(fx);
}, 120_000);
afterAll(async () => fx?.close());

const ALL_ARTISTS = ['ABBA', 'Ana', 'Band', 'Bo', 'Queen', 'Various Artists'];

describeWithFfmpeg('Subsonic browsing calls', () => {
  it('getArtists indexes every artist by letter with album counts, cover art and sort names', async () => {
    for (const client of [fx.as.listener.token, fx.as.listener.key]) {
      const res = await client.getArtists();
      expect(res.status).toBe('ok');
      expect(typeof res.artists.ignoredArticles).toBe('string');
      expect(res.artists.index!.map((i) => i.name)).toEqual(['A', 'B', 'Q', 'V']);
      const artists = res.artists.index!.flatMap((i) => i.artist ?? []);
      expect(artists.map((a) => a.name)).toEqual(ALL_ARTISTS);
      const queen = artists.find((a) => a.name === 'Queen')!;
      expect(queen).toMatchObject({ id: await ids.artist('Queen'), albumCount: 2, sortName: 'queen', musicBrainzId: '' });
      expect(queen.coverArt).toMatch(/^[0-9a-f]{16,}$/);
      expect(artists.find((a) => a.name === 'Band')!.albumCount).toBe(1);
    }
  });

  it('getIndexes answers the folder view: letters, Artist entries and lastModified', async () => {
    const res = await fx.as.listener.key.getIndexes();
    expect(res.status).toBe('ok');
    expect(res.indexes.lastModified).toBeGreaterThan(0);
    expect(typeof res.indexes.ignoredArticles).toBe('string');
    // album artists only: Ana and Bo appear only on the compilation, which sits under Various Artists
    expect(res.indexes.index!.map((i) => [i.name, i.artist!.map((a) => a.name)])).toEqual([
      ['A', ['ABBA']],
      ['B', ['Band']],
      ['Q', ['Queen']],
      ['V', ['Various Artists']],
    ]);
    expect(res.indexes.index![2].artist![0].id).toBe(await ids.artist('Queen'));
  });

  it('the folder view lists every album once, under its album artist, and no song twice', async () => {
    const index = (await fx.as.listener.key.getIndexes()).indexes.index!.flatMap((i) => i.artist ?? []);
    const albumIds: string[] = [];
    const songIds: string[] = [];
    for (const artist of index) {
      const dir = await fx.as.listener.key.getMusicDirectory({ id: artist.id });
      for (const album of dir.directory.child ?? []) {
        albumIds.push(album.id);
        expect({ album: album.title, artist: album.artist }).toEqual({ album: album.title, artist: artist.name });
        const songs = await fx.as.listener.key.getMusicDirectory({ id: album.id });
        songIds.push(...(songs.directory.child ?? []).map((c) => c.id));
      }
    }
    const queen = await fx.as.listener.key.getMusicDirectory({ id: await ids.artist('Queen') });
    expect(queen.directory.child!.map((c) => c.title)).toEqual(['Greatest Hits']);
    expect(albumIds.length).toBe(4);
    expect(new Set(albumIds).size).toBe(4);
    expect(songIds.length).toBe(9);
    expect(new Set(songIds).size).toBe(9);
    const xml = await (await fx.raw('getIndexes', fx.tokenParams('listener'))).text();
    expectValidXml(xml);
  });

  it('answers error 70 to a musicFolderId that does not exist on every call that takes one; folder 1 is the library', async () => {
    const calls: Record<string, Record<string, string>> = {
      getIndexes: {},
      getArtists: {},
      getAlbumList: { type: 'newest' },
      getAlbumList2: { type: 'newest' },
      getRandomSongs: {},
      getSongsByGenre: { genre: 'Rock' },
      getStarred: {},
      getStarred2: {},
      search2: { query: 'Q' },
      search3: { query: 'Q' },
    };
    // every call the OpenSubsonic description gives a musicFolderId, of those served here
    const endpoints = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test/openapi/endpoints');
    const described = (await readdir(endpoints))
      .filter((file) => file.endsWith('.json'))
      .filter((file) => readFileSync(path.join(endpoints, file), 'utf8').includes('"musicFolderId"'))
      .map((file) => file.replace(/\.json$/, ''))
      .filter((name) => Object.hasOwn(SUBSONIC_METHODS, name));
    expect(Object.keys(calls).sort()).toEqual(described.sort());
    for (const [method, params] of Object.entries(calls)) {
      for (const musicFolderId of ['99', '0', 'music']) {
        const failed = await fx.as.listener.key.customJSON(method, { ...params, musicFolderId });
        expect({ method, musicFolderId, failed }).toMatchObject({ method, musicFolderId, failed: { status: 'failed', error: { code: 70 } } });
      }
      expect({ method, ok: (await fx.as.listener.key.customJSON<{ status: string }>(method, { ...params, musicFolderId: '1' })).status }).toEqual({
        method,
        ok: 'ok',
      });
    }
    const xml = await (await fx.raw('getAlbumList2', fx.tokenParams('listener', { type: 'newest', musicFolderId: '99' }))).text();
    expect(xml).toContain('<error code="70"');
    expectValidXml(xml);
  });

  it('getArtist lists the albums an artist made or appears on, by year, with the album artist id', async () => {
    const queen = await ids.artist('Queen');
    const res = await fx.as.listener.token.getArtist({ id: queen });
    expect(res.status).toBe('ok');
    expect(res.artist).toMatchObject({ id: queen, name: 'Queen', albumCount: 2 });
    expect(res.artist.album!.map((a) => [a.name, a.artist, a.year])).toEqual([
      ['Greatest Hits', 'Queen', 1981],
      ['Summer Hits', 'Various Artists', 2020],
    ]);
    expect(res.artist.album![0]).toMatchObject({ artistId: queen, songCount: 2, isCompilation: false, genre: 'Rock' });
    expect(res.artist.album![1]).toMatchObject({ artistId: await ids.artist('Various Artists'), songCount: 3, isCompilation: true });
    expect((await fx.as.listener.token.getArtist({ id: UNKNOWN_ID })).status).toBe('failed');
    expect(await fx.as.listener.key.getArtist({ id: UNKNOWN_ID })).toMatchObject({ error: { code: 70 } });
  });

  it("getAlbum answers the songs in disc and track order and the asking user's star, rating and plays", async () => {
    const double = await ids.album('Double', 'Band');
    const listener = fx.as.listener.user.user.id;
    await ids.star(listener, 'album', double, new Date('2026-01-02T03:04:05Z'));
    await ids.rate(listener, 'album', double, 4);
    await fx.play('D2T1', 3);

    const res = await fx.as.listener.key.getAlbum({ id: double });
    expect(res.status).toBe('ok');
    const album = res.album;
    expect(album).toMatchObject({
      id: double,
      name: 'Double',
      artist: 'Band',
      artistId: await ids.artist('Band'),
      displayArtist: 'Band',
      year: 2001,
      genre: 'Jazz',
      genres: [{ name: 'Jazz' }, { name: 'Rock' }],
      songCount: 3,
      isCompilation: false,
      sortName: 'double',
      userRating: 4,
      playCount: 3,
      musicBrainzId: '',
    });
    expect(album.artists).toEqual([{ id: await ids.artist('Band'), name: 'Band' }]);
    expect(new Date(album.starred!).toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(typeof (album as unknown as { played: string }).played).toBe('string');
    expect(album.coverArt).toBeTruthy();
    expect(album.duration).toBe(album.song!.reduce((sum, s) => sum + s.duration!, 0));
    expect(album.song!.map((s) => [s.title, s.discNumber, s.track])).toEqual([
      ['D1T1', 1, 1],
      ['D1T2', 1, 2],
      ['D2T1', 2, 1],
    ]);
    expect(album.song!.every((s) => s.albumId === double && s.parent === double)).toBe(true);

    // another user sees none of it
    const other = (await fx.as.admin.key.getAlbum({ id: double })).album;
    expect(other.starred).toBeUndefined();
    expect(other.userRating).toBeUndefined();
    expect(other.playCount).toBe(0);
  });

  it('getAlbum and getSong answer 70 for unknown or malformed ids and 10 without one', async () => {
    for (const method of ['getAlbum', 'getSong', 'getArtist', 'getMusicDirectory'] as const) {
      expect(await fx.as.listener.key.customJSON(method, { id: UNKNOWN_ID })).toMatchObject({ status: 'failed', error: { code: 70 } });
      expect(await fx.as.listener.key.customJSON(method, { id: 'not-an-id' })).toMatchObject({ status: 'failed', error: { code: 70 } });
      expect(await fx.as.listener.key.customJSON(method, {})).toMatchObject({ status: 'failed', error: { code: 10 } });
    }
  });

  it('getSong answers one Child with its album, artist and user fields', async () => {
    const id = await fx.songId('Q Two');
    const res = await fx.as.listener.token.getSong({ id });
    expect(res.status).toBe('ok');
    expect(res.song).toMatchObject({
      id,
      isDir: false,
      title: 'Q Two',
      album: 'Greatest Hits',
      albumId: await ids.album('Greatest Hits', 'Queen'),
      artist: 'Queen',
      artistId: await ids.artist('Queen'),
      track: 2,
      year: 1981,
      genre: 'Rock',
      suffix: 'mp3',
    });
  });

  it('getMusicDirectory walks artist → albums (directories) → songs', async () => {
    const band = await ids.artist('Band');
    const double = await ids.album('Double', 'Band');
    const artistDir = await fx.as.listener.key.getMusicDirectory({ id: band });
    expect(artistDir.status).toBe('ok');
    expect(artistDir.directory).toMatchObject({ id: band, name: 'Band' });
    expect(artistDir.directory.child).toEqual([
      expect.objectContaining({ id: double, isDir: true, title: 'Double', parent: band, artist: 'Band', year: 2001 }),
    ]);

    const albumDir = await fx.as.listener.key.getMusicDirectory({ id: double });
    expect(albumDir.directory).toMatchObject({ id: double, name: 'Double', parent: band });
    expect(albumDir.directory.child!.map((c) => [c.title, c.isDir, c.parent])).toEqual([
      ['D1T1', false, double],
      ['D1T2', false, double],
      ['D2T1', false, double],
    ]);
  });

  it('getGenres counts songs and albums per genre, the name as value', async () => {
    const res = await fx.as.listener.token.getGenres();
    expect(res.status).toBe('ok');
    expect(res.genres.genre).toEqual([
      { value: 'Jazz', songCount: 2, albumCount: 1 },
      { value: 'Pop', songCount: 4, albumCount: 2 },
      { value: 'Rock', songCount: 3, albumCount: 2 },
    ]);
  });

  it("getTopSongs lists an artist's songs most played first; an unknown artist has none", async () => {
    await fx.play('Hit 3', 2);
    const res = await fx.as.listener.key.getTopSongs({ artist: 'queen', count: 2 });
    expect(res.status).toBe('ok');
    expect(res.topSongs.song!.map((s) => s.title)).toEqual(['Hit 3', 'Q One']);
    const none = await fx.as.listener.key.getTopSongs({ artist: 'Nobody' });
    expect(none.status).toBe('ok');
    expect(none.topSongs.song ?? []).toEqual([]);
    expect(await fx.as.listener.key.customJSON('getTopSongs', {})).toMatchObject({ error: { code: 10 } });
  });

  it('getSimilarSongs2 answers songs by the same artist; getSimilarSongs takes a song id too', async () => {
    const res = await fx.as.listener.token.getSimilarSongs2({ id: await ids.artist('Queen') });
    expect(res.status).toBe('ok');
    expect(res.similarSongs2.song!.map((s) => s.title).sort()).toEqual(['Hit 3', 'Q One', 'Q Two']);
    const bySong = await fx.as.listener.token.getSimilarSongs({ id: await fx.songId('Q One') });
    expect(bySong.similarSongs.song!.map((s) => s.title).sort()).toEqual(['Hit 3', 'Q Two']);
    expect(await fx.as.listener.token.getSimilarSongs2({ id: UNKNOWN_ID })).toMatchObject({ status: 'failed', error: { code: 70 } });
  });

  it('getArtistInfo2 and getAlbumInfo2 answer empty, valid shapes for known ids and 70 otherwise', async () => {
    expect(await fx.as.listener.key.getArtistInfo2({ id: await ids.artist('ABBA') })).toMatchObject({ status: 'ok', artistInfo2: {} });
    expect(await fx.as.listener.key.getAlbumInfo2({ id: await ids.album('Double', 'Band') })).toMatchObject({ status: 'ok', albumInfo: {} });
    expect(await fx.as.listener.key.getArtistInfo2({ id: UNKNOWN_ID })).toMatchObject({ error: { code: 70 } });
    expect(await fx.as.listener.key.getAlbumInfo2({ id: UNKNOWN_ID })).toMatchObject({ error: { code: 70 } });
  });

  it('answers XML with the protocol element names', async () => {
    const double = await ids.album('Double', 'Band');
    const album = await (await fx.raw('getAlbum', fx.tokenParams('listener', { id: double }))).text();
    expect(album).toMatch(/<album [^>]*id="[^"]+"[^>]*name="Double"/);
    expect(album).toMatch(/<song [^>]*title="D1T1"/);
    expect(album).toContain('<genres name="Jazz"/>');
    const artists = await (await fx.raw('getArtists', fx.tokenParams('listener'))).text();
    expect(artists).toMatch(/<artists ignoredArticles="[^"]*"><index name="A"><artist [^>]*name="ABBA"/);
    const genres = await (await fx.raw('getGenres', fx.tokenParams('listener'))).text();
    expect(genres).toContain('<genre songCount="2" albumCount="1">Jazz</genre>');
    const indexes = await (await fx.raw('getIndexes', fx.tokenParams('listener'))).text();
    expect(indexes).toMatch(/<indexes ignoredArticles="[^"]*" lastModified="\d+"><index name="A"><artist /);
  });
});

describeWithFfmpeg('Subsonic answers', () => {
  itMatchesOpenApi(() => fx);
});
