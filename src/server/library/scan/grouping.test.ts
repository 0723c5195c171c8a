import { asc, eq } from 'drizzle-orm';
import { albums, songs } from '../../db/schema';
import type { TestApp } from '../../test/testApp';
import { HAS_FFMPEG, itWithFfmpeg, makeMusicDir, makeTrack } from './test/makeTracks';
import { createScanApp, scanNow } from './test/scanApp';

let t: TestApp;
let root: string;

beforeAll(async () => {
  root = await makeMusicDir();
  if (HAS_FFMPEG) {
    // a compilation of three artists, no album artist tag: one album by Various Artists
    for (const [i, artist] of ['Ana', 'Bo', 'Cy'].entries()) {
      await makeTrack(root, `Hits/${i + 1}.flac`, {
        format: 'flac',
        frequency: 300 + i * 10,
        tags: { title: `Hit ${i + 1}`, artist, album: 'Summer Hits', compilation: '1', track: `${i + 1}/3`, date: '2020' },
      });
    }
    // two albums named "Greatest Hits" by two artists
    await makeTrack(root, 'Queen/GH/01.mp3', { tags: { title: 'Q One', artist: 'Queen', album: 'Greatest Hits', date: '1981' } });
    await makeTrack(root, 'ABBA/GH/01.mp3', { frequency: 500, tags: { title: 'A One', artist: 'ABBA', album: 'Greatest Hits', date: '1981' } });
    // a two-disc album, files named against the play order
    const disc = (d: number, n: number) => ({
      title: `D${d}T${n}`,
      artist: 'Band',
      album_artist: 'Band',
      album: 'Double',
      disc: `${d}/2`,
      track: `${n}`,
      date: '2001-05-04',
    });
    await makeTrack(root, 'Band/Double/a.ogg', { format: 'ogg', frequency: 610, tags: disc(2, 1) });
    await makeTrack(root, 'Band/Double/b.ogg', { format: 'ogg', frequency: 620, tags: disc(1, 2) });
    await makeTrack(root, 'Band/Double/c.ogg', { format: 'ogg', frequency: 630, tags: disc(1, 1) });
    // multi-valued artists and genres, unicode everywhere
    await makeTrack(root, 'Ünïcødé/東京 ♫.opus', {
      format: 'opus',
      tags: { title: '東京 ♫ Ünïcødé', artist: 'Björk feat. Sigur Rós', album: 'Ōsaka', genre: 'Électronique; Ambient' },
    });
    await makeTrack(root, 'Multi/x.m4a', { format: 'm4a', tags: { title: 'Split', artist: 'Alpha; Beta / Gamma', album: 'Multi' } });
    await makeTrack(root, 'NoTags/just a name.wav', { format: 'wav' });
    await makeTrack(root, 'Duo/duo.flac', {
      format: 'flac',
      frequency: 950,
      tags: { title: 'Duo Song', artist: 'Simon & Garfunkel', ARTISTS: 'Paul Simon; Art Garfunkel' },
    });
    // one MusicBrainz album id, two spellings of the album artist: still one album
    const mbz = { MUSICBRAINZ_ALBUMID: '11111111-2222-3333-4444-555555555555', album: 'Tagged', date: '1999' };
    await makeTrack(root, 'Mbz/1.flac', {
      format: 'flac',
      frequency: 900,
      tags: {
        ...mbz,
        title: 'Mb One',
        artist: 'Mo',
        album_artist: 'Mo',
        MUSICBRAINZ_TRACKID: 'trk-1',
        MUSICBRAINZ_ARTISTID: 'art-1',
        REPLAYGAIN_TRACK_GAIN: '-6.5 dB',
        REPLAYGAIN_TRACK_PEAK: '0.9',
        REPLAYGAIN_ALBUM_GAIN: '-7 dB',
        LYRICS: 'la la la',
      },
    });
    await makeTrack(root, 'Mbz/2.flac', { format: 'flac', frequency: 910, tags: { ...mbz, title: 'Mb Two', artist: 'Mo', album_artist: 'MO (remaster)' } });
  }
  t = await createScanApp(root);
});
afterAll(async () => t?.close());

async function songOf(title: string) {
  const [row] = await t.app.db.select().from(songs).where(eq(songs.title, title));
  return row;
}

describe('library scan: grouping and tags', () => {
  itWithFfmpeg('scans every file of the tree', async () => {
    const result = await scanNow(t);
    expect(result.counters).toMatchObject({ added: 14, failed: 0 });
    expect(result.skipped).toEqual([]);
  });

  itWithFfmpeg('makes a compilation of three artists one album by Various Artists', async () => {
    const rows = await t.app.db.select().from(albums).where(eq(albums.name, 'Summer Hits'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ albumArtist: 'Various Artists', compilation: true, year: 2020 });
    const tracks = await t.app.db.select().from(songs).where(eq(songs.albumId, rows[0].id));
    expect(tracks.map((s) => s.artist).sort()).toEqual(['Ana', 'Bo', 'Cy']);
  });

  itWithFfmpeg('keeps two same-named albums by different artists apart', async () => {
    const rows = await t.app.db.select().from(albums).where(eq(albums.name, 'Greatest Hits')).orderBy(asc(albums.albumArtist));
    expect(rows.map((a) => a.albumArtist)).toEqual(['ABBA', 'Queen']);
    expect((await songOf('Q One')).albumId).toBe(rows[1].id);
  });

  itWithFfmpeg('makes a two-disc album one album, ordered by disc then track', async () => {
    const [album] = await t.app.db.select().from(albums).where(eq(albums.name, 'Double'));
    const tracks = await t.app.db
      .select({ title: songs.title, disc: songs.discNumber, track: songs.trackNumber })
      .from(songs)
      .where(eq(songs.albumId, album.id))
      .orderBy(asc(songs.discNumber), asc(songs.trackNumber));
    expect(tracks.map((s) => s.title)).toEqual(['D1T1', 'D1T2', 'D2T1']);
    expect(album.year).toBe(2001);
  });

  itWithFfmpeg('splits artists (feat., ";" and " / ") and genres, and keeps unicode as written', async () => {
    const bjork = await songOf('東京 ♫ Ünïcødé');
    expect(bjork).toMatchObject({ artists: ['Björk', 'Sigur Rós'], genres: ['Électronique', 'Ambient'], album: 'Ōsaka', codec: 'opus' });
    expect(bjork.path).toBe('Ünïcødé/東京 ♫.opus');
    expect((await songOf('Split')).artists).toEqual(['Alpha', 'Beta', 'Gamma']);
    // an ARTISTS tag wins over splitting ARTIST, which stays the display string
    expect(await songOf('Duo Song')).toMatchObject({ artist: 'Simon & Garfunkel', artists: ['Paul Simon', 'Art Garfunkel'] });
  });

  itWithFfmpeg('titles an untagged file by its name, and reads stream facts', async () => {
    const plain = await songOf('just a name');
    expect(plain).toMatchObject({ codec: 'pcm', mimeType: 'audio/wav', sampleRate: 44100, playable: true, source: 'scan' });
    expect(plain.durationMs).toBeGreaterThan(900);
    expect((await songOf('Q One')).bitRate).toBeGreaterThan(0);
    expect(await songOf('Split')).toMatchObject({ codec: 'aac', mimeType: 'audio/mp4' });
  });

  itWithFfmpeg('groups by MusicBrainz album id first, and reads MusicBrainz ids, ReplayGain and lyrics', async () => {
    const [one, two] = [await songOf('Mb One'), await songOf('Mb Two')];
    expect(one.albumId).toBe(two.albumId);
    expect(await t.app.db.select().from(albums).where(eq(albums.name, 'Tagged'))).toHaveLength(1);
    expect(one).toMatchObject({
      mbzAlbumId: '11111111-2222-3333-4444-555555555555',
      mbzTrackId: 'trk-1',
      mbzArtistId: 'art-1',
      rgTrackGain: -6.5,
      rgAlbumGain: -7,
    });
    expect(one.rgTrackPeak).toBeCloseTo(0.9);
    expect(one.lyrics).toEqual({ plain: 'la la la' });
  });

  itWithFfmpeg('answers the library fields in GET /api/songs and finds songs by album name', async () => {
    const { createUser } = await import('../../test/testApp');
    const listener = await createUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/songs?search=osaka', headers: listener.headers });
    const [song] = res.json().songs;
    expect(song).toMatchObject({
      title: '東京 ♫ Ünïcødé',
      album: 'Ōsaka',
      artists: ['Björk', 'Sigur Rós'],
      genres: ['Électronique', 'Ambient'],
      playable: true,
    });
  });

  itWithFfmpeg('answers the ReplayGain tags in the web API, for the player to level loudness (issue 16)', async () => {
    const { createUser } = await import('../../test/testApp');
    const listener = await createUser(t);
    const res = await t.app.inject({ method: 'GET', url: `/api/songs/${(await songOf('Mb One')).id}`, headers: listener.headers });
    const { replayGain } = res.json().song;
    expect(replayGain).toMatchObject({ trackGain: -6.5, albumGain: -7, albumPeak: null });
    expect(replayGain.trackPeak).toBeCloseTo(0.9);
    const untagged = await t.app.inject({ method: 'GET', url: `/api/songs/${(await songOf('Mb Two')).id}`, headers: listener.headers });
    expect(untagged.json().song.replayGain).toEqual({ trackGain: null, trackPeak: null, albumGain: null, albumPeak: null });
  });
});
