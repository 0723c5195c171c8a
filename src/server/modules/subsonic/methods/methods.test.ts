import { SUBSONIC_METHODS } from './index';

/** Every call issue 15 names (docs/subsonic.md, Calls), served once. */
const REQUIRED = [
  'ping',
  'getLicense',
  'getOpenSubsonicExtensions',
  'getMusicFolders',
  'getUser',
  'getScanStatus',
  'startScan',
  'getIndexes',
  'getMusicDirectory',
  'getArtists',
  'getArtist',
  'getAlbum',
  'getSong',
  'getGenres',
  'getAlbumList',
  'getAlbumList2',
  'getRandomSongs',
  'getSongsByGenre',
  'search2',
  'search3',
  'getTopSongs',
  'getSimilarSongs2',
  'stream',
  'download',
  'getCoverArt',
  'getLyricsBySongId',
  'getAvatar',
  'star',
  'unstar',
  'getStarred',
  'getStarred2',
  'setRating',
  'scrobble',
  'getPlaylists',
  'getPlaylist',
  'createPlaylist',
  'updatePlaylist',
  'deletePlaylist',
  'getPlayQueue',
  'savePlayQueue',
  'getBookmarks',
  'getInternetRadioStations',
  // issue 29, share links
  'getShares',
  'createShare',
  'updateShare',
  'deleteShare',
];

describe('the Subsonic method table', () => {
  it('serves every call of the issue', () => {
    expect(REQUIRED.filter((name) => !Object.hasOwn(SUBSONIC_METHODS, name))).toEqual([]);
  });

  it('gives admin rights only to startScan and needs no sign-in only for getOpenSubsonicExtensions', () => {
    const entries = Object.entries(SUBSONIC_METHODS);
    expect(entries.filter(([, m]) => m.auth === 'admin').map(([name]) => name)).toEqual(['startScan']);
    expect(entries.filter(([, m]) => m.auth === 'public').map(([name]) => name)).toEqual(['getOpenSubsonicExtensions']);
  });
});
