import { describeWithFfmpeg } from '../../library/scan/test/makeTracks';
import { libraryIds } from './test/browseHelpers';
import { itMatchesOpenApi } from './test/itMatchesOpenApi';
import { loadOpenApi, responseSchemaOf } from './test/openApiValidator';
import { subsonicFixture, type SubsonicFixture } from './test/subsonicFixture';
import { elementNames, elementsAttributes, rootAttributes, rootName } from './test/xmlElements';
import { xmlShapeOf } from './test/xmlShapeOfSpec';

let fx: SubsonicFixture;
const ids: Record<string, string> = {};

beforeAll(async () => {
  fx = await subsonicFixture();
  await loadOpenApi();
  const library = libraryIds(fx);
  ids.song = await fx.songId('Q One');
  ids.album = await library.album('Greatest Hits', 'Queen');
  ids.artist = await library.artist('Queen');
  // something in every list: a like, a starred album, a rating, a playlist, a play queue, a play
  const client = fx.as.listener.token;
  await client.star({ id: ids.song, albumId: ids.album, artistId: ids.artist });
  await client.setRating({ id: ids.song, rating: 4 });
  await client.setRating({ id: ids.artist, rating: 5 });
  await client.scrobble({ id: ids.song, submission: true });
  await client.scrobble({ id: ids.song, submission: false });
  const created = await client.createPlaylist({ name: 'XML mix', songId: [ids.song] });
  ids.playlist = created.playlist.id;
  await client.savePlayQueue({ id: [ids.song], current: ids.song, position: 1000 });
}, 120_000);
afterAll(async () => fx?.close());

/** Each call an app makes in XML (the default format), with the parameters it needs. */
const CALLS: [string, () => Record<string, string>][] = [
  ['ping', () => ({})],
  ['getLicense', () => ({})],
  ['getOpenSubsonicExtensions', () => ({})],
  ['getMusicFolders', () => ({})],
  ['getUser', () => ({ username: fx.listener.user.username })],
  ['getScanStatus', () => ({})],
  ['getIndexes', () => ({})],
  ['getMusicDirectory', () => ({ id: ids.album })],
  ['getArtists', () => ({})],
  ['getArtist', () => ({ id: ids.artist })],
  ['getAlbum', () => ({ id: ids.album })],
  ['getSong', () => ({ id: ids.song })],
  ['getGenres', () => ({})],
  ['getAlbumList', () => ({ type: 'newest' })],
  ['getAlbumList2', () => ({ type: 'alphabeticalByName' })],
  ['getRandomSongs', () => ({ size: '5' })],
  ['getSongsByGenre', () => ({ genre: 'Rock' })],
  ['search2', () => ({ query: 'Q' })],
  ['search3', () => ({ query: '""' })],
  ['getTopSongs', () => ({ artist: 'Queen' })],
  ['getSimilarSongs2', () => ({ id: ids.artist })],
  ['getStarred', () => ({})],
  ['getStarred2', () => ({})],
  ['getPlaylists', () => ({})],
  ['getPlaylist', () => ({ id: ids.playlist })],
  ['getPlayQueue', () => ({})],
  ['getBookmarks', () => ({})],
  ['getNowPlaying', () => ({})],
  ['getLyricsBySongId', () => ({ id: ids.song })],
  ['getInternetRadioStations', () => ({})],
  ['getShares', () => ({})],
];

/**
 * Attributes sent beyond the OpenSubsonic OpenAPI description (a work in progress): the user's
 * email is in the Subsonic 1.16.1 XSD; an ID3 artist's userRating is what setRating on an artist
 * sets, which folder-view artists carry in the description and Navidrome sends on both.
 */
const BEYOND_THE_DESCRIPTION: Record<string, string[]> = { user: ['email'], artist: ['userRating'] };

describeWithFfmpeg('Subsonic XML answers', () => {
  it.each(CALLS)('%s uses only the element and attribute names of the spec', async (method, params) => {
    const res = await fx.raw(`${method}.view`, fx.tokenParams('listener', params()));
    expect(res.headers.get('content-type')).toMatch(/^application\/xml; charset=utf-8/);
    const xml = await res.text();
    expect(rootName(xml)).toBe('subsonic-response');
    expect(rootAttributes(xml)).toMatchObject({
      xmlns: 'http://subsonic.org/restapi',
      status: 'ok',
      version: '1.16.1',
      type: 'wavelength',
      openSubsonic: 'true',
    });

    const schema = responseSchemaOf(method);
    if (typeof schema === 'string') throw new Error(schema);
    const shape = xmlShapeOf(schema);
    const unknown: string[] = [];
    for (const name of elementNames(xml).filter((n) => n !== 'subsonic-response')) {
      const allowed = shape.get(name);
      if (!allowed) {
        unknown.push(`<${name}>`);
        continue;
      }
      const extra = BEYOND_THE_DESCRIPTION[name] ?? [];
      for (const attributes of elementsAttributes(xml, name))
        for (const attribute of Object.keys(attributes)) if (!allowed.has(attribute) && !extra.includes(attribute)) unknown.push(`<${name} ${attribute}>`);
    }
    expect([...new Set(unknown)]).toEqual([]);
  });

  it('names the parts of a song, an album and an error as Subsonic apps read them', async () => {
    const album = await (await fx.raw('getAlbum.view', fx.tokenParams('listener', { id: ids.album }))).text();
    expect(elementNames(album)).toEqual(expect.arrayContaining(['album', 'song', 'genres', 'artists', 'replayGain']));
    const [song] = elementsAttributes(album, 'song').filter((s) => s.id === ids.song);
    expect(song).toMatchObject({
      title: 'Q One',
      album: 'Greatest Hits',
      artist: 'Queen',
      albumId: ids.album,
      artistId: ids.artist,
      userRating: '4',
      isDir: 'false',
    });
    expect(song.starred).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const failed = await (await fx.raw('getAlbum.view', fx.tokenParams('listener', { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7' }))).text();
    expect(rootAttributes(failed).status).toBe('failed');
    expect(elementsAttributes(failed, 'error')).toEqual([{ code: '70', message: expect.any(String) }]);
  });

  it('the spec reader finds names, so the check above can fail', () => {
    const schema = responseSchemaOf('getAlbum');
    if (typeof schema === 'string') throw new Error(schema);
    const shape = xmlShapeOf(schema);
    expect(shape.get('album')).toEqual(expect.objectContaining({ size: expect.any(Number) }));
    expect(shape.get('album')!.has('songCount')).toBe(true);
    expect(shape.get('song')!.has('title')).toBe(true);
    expect(shape.get('song')!.has('notAField')).toBe(false);
    expect(shape.has('songs')).toBe(false);
  });
});

describeWithFfmpeg('Subsonic answers', () => {
  itMatchesOpenApi(() => fx);
});
