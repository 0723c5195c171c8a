import { eq, sql } from 'drizzle-orm';
import { songs } from '../../db/schema';
import { artworkUrlOf, placeholderHash } from '../../library/artwork/hashes';
import { HAS_FFMPEG, itWithFfmpeg } from '../../library/scan/test/makeTracks';
import { allPages, browseFixture, type BrowseFixture } from './test/browseLibrary';

let fx: BrowseFixture;
beforeAll(async () => {
  fx = await browseFixture();
  if (HAS_FFMPEG) {
    await fx.play('A One', 3);
    await fx.play('D2T1', 1);
  }
});
afterAll(async () => fx?.t.close());

const label = (a: { name: string; albumArtist?: string }) => `${a.name}/${a.albumArtist}`;
const names = async (url: string) => (await fx.get(url)).body.albums.map(label);

describe('GET /api/albums', () => {
  it('answers 401 to visitors, on every browsing route', async () => {
    for (const url of ['/api/albums', '/api/albums/00000000-0000-4000-8000-000000000000', '/api/artists', '/api/artists/x', '/api/genres', '/api/search?q=a']) {
      const res = await fx.t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 401]);
    }
  });

  itWithFfmpeg('lists each album with its counts, duration and genres', async () => {
    const res = await fx.get('/api/albums?sort=name');
    expect(res.statusCode).toBe(200);
    const double = res.body.albums.find((a: { name: string }) => a.name === 'Double');
    const [{ ms }] = await fx.t.app.db
      .select({ ms: sql<number>`sum(${songs.durationMs})::int` })
      .from(songs)
      .where(eq(songs.album, 'Double'));
    expect(double).toEqual({
      id: expect.any(String),
      name: 'Double',
      albumArtist: 'Band',
      year: 2001,
      compilation: false,
      songCount: 3,
      duration: Math.round(ms / 1000),
      genres: ['Jazz', 'Rock'],
      // issue 14: an album without artwork gets its placeholder
      artworkUrl: artworkUrlOf(placeholderHash('Double')),
    });
    const hits = res.body.albums.find((a: { name: string }) => a.name === 'Summer Hits');
    expect(hits).toMatchObject({ albumArtist: 'Various Artists', compilation: true, songCount: 3, genres: ['Pop'] });
  });

  itWithFfmpeg('sorts by name, artist, year, recently added and most played', async () => {
    expect(await names('/api/albums?sort=name')).toEqual(
      expect.arrayContaining(['Double/Band', 'Greatest Hits/ABBA', 'Greatest Hits/Queen', 'Summer Hits/Various Artists']),
    );
    expect((await names('/api/albums?sort=name'))[0]).toBe('Double/Band');
    expect((await names('/api/albums?sort=name'))[3]).toBe('Summer Hits/Various Artists');
    expect(await names('/api/albums?sort=artist')).toEqual(['Greatest Hits/ABBA', 'Double/Band', 'Greatest Hits/Queen', 'Summer Hits/Various Artists']);
    expect(await names('/api/albums?sort=year')).toEqual(['Greatest Hits/ABBA', 'Greatest Hits/Queen', 'Double/Band', 'Summer Hits/Various Artists']);
    expect((await names('/api/albums?sort=played')).slice(0, 2)).toEqual(['Greatest Hits/ABBA', 'Double/Band']);
    expect(await names('/api/albums')).toHaveLength(4);
  });

  itWithFfmpeg('pages every sort without overlap or gap, in the order of one long page', async () => {
    for (const sort of ['recent', 'name', 'artist', 'year', 'played', 'random']) {
      const whole = (await fx.get(`/api/albums?sort=${sort}&limit=200`)).body.albums.map((a: { id: string }) => a.id);
      for (const limit of [1, 3]) {
        const paged = (await allPages(fx, `/api/albums?sort=${sort}&limit=${limit}`, 'albums')).map((a) => a.id);
        expect([sort, new Set(paged).size, paged.length]).toEqual([sort, 4, 4]);
        if (sort !== 'random') expect([sort, paged]).toEqual([sort, whole]);
      }
    }
  });

  itWithFfmpeg('filters by genre (any case), year and artist', async () => {
    expect((await names('/api/albums?sort=name&genre=rock')).sort()).toEqual(['Double/Band', 'Greatest Hits/Queen']);
    expect((await names('/api/albums?sort=name&genre=Pop')).sort()).toEqual(['Greatest Hits/ABBA', 'Summer Hits/Various Artists']);
    expect(await names('/api/albums?year=1981')).toEqual(['Greatest Hits/Queen']);
    const queen = (await fx.get('/api/artists?limit=200')).body.artists.find((a: { name: string }) => a.name === 'Queen');
    expect((await names(`/api/albums?sort=name&artistId=${queen.id}`)).sort()).toEqual(['Greatest Hits/Queen', 'Summer Hits/Various Artists']);
    expect(await names('/api/albums?artistId=00000000-0000-4000-8000-000000000000')).toEqual([]);
    expect(await names('/api/albums?genre=Polka')).toEqual([]);
  });

  it('refuses a bad sort, year, artist id or cursor with a 400', async () => {
    for (const query of ['sort=best', 'year=abc', 'year=-1', 'artistId=nope', 'cursor=abc', 'limit=0', 'limit=201']) {
      const res = await fx.get(`/api/albums?${query}`);
      expect([query, res.statusCode, res.body.success]).toEqual([query, 400, false]);
    }
    const nameCursor = (await fx.get('/api/albums?sort=name&limit=1')).body.nextCursor;
    if (nameCursor) expect((await fx.get(`/api/albums?sort=year&cursor=${nameCursor}`)).statusCode).toBe(400);
  });
});

describe('GET /api/albums/:id', () => {
  itWithFfmpeg('answers the album with its songs in disc then track order, and its total duration', async () => {
    const double = (await fx.get('/api/albums?sort=name')).body.albums[0];
    const res = await fx.get(`/api/albums/${double.id}`);
    expect(res.statusCode).toBe(200);
    const { songs: tracks, albumArtistId, ...album } = res.body.album;
    expect(album).toEqual(double);
    const artists = (await allPages(fx, '/api/artists?limit=50', 'artists')).filter((a) => a.name === double.albumArtist);
    expect(artists).toHaveLength(1);
    expect(albumArtistId).toBe(artists[0].id);
    expect(tracks.map((s: { title: string }) => s.title)).toEqual(['D1T1', 'D1T2', 'D2T1']);
    expect(tracks[0]).toMatchObject({ album: 'Double', albumId: double.id, discNumber: 1, trackNumber: 1, publicUrl: expect.any(String) });
    expect(album.duration).toBe(Math.round(tracks.reduce((sum: number, s: { duration: number }) => sum + s.duration, 0)));
  });

  it('answers 404 "Album not found" for a missing or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await fx.get(`/api/albums/${id}`);
      expect([res.statusCode, res.body]).toEqual([404, { success: false, message: 'Album not found' }]);
    }
  });
});
