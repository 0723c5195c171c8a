import { albumGroupKey } from './albumKey';
import { splitArtists } from './splitArtists';
import type { TrackTags } from './types';

describe('splitArtists', () => {
  it.each([
    ['Björk feat. Sigur Rós', ['Björk', 'Sigur Rós']],
    ['A ft. B', ['A', 'B']],
    ['A featuring B; C', ['A', 'B', 'C']],
    ['Alpha / Beta', ['Alpha', 'Beta']],
    ['AC/DC', ['AC/DC']],
    ['Simon & Garfunkel', ['Simon & Garfunkel']],
    ['A; a; ', ['A']],
    ['', []],
  ])('%s', (value, expected) => {
    expect(splitArtists(value)).toEqual(expected);
  });
});

describe('albumGroupKey', () => {
  const tags = (over: Partial<TrackTags>) =>
    ({ artists: ['X'], album: 'Same', albumArtist: null, compilation: false, year: 1999, mbzAlbumId: null, ...over }) as TrackTags;

  it('is the MusicBrainz album id when tagged, whatever else differs', () => {
    expect(albumGroupKey(tags({ mbzAlbumId: 'ABC', artists: ['Y'] }))).toBe(albumGroupKey(tags({ mbzAlbumId: 'abc', year: 2000 })));
  });

  it('puts every artist of a compilation in one album, and same-named albums by two artists in two', () => {
    expect(albumGroupKey(tags({ compilation: true, artists: ['A'] }))).toBe(albumGroupKey(tags({ compilation: true, artists: ['B'] })));
    expect(albumGroupKey(tags({ artists: ['A'] }))).not.toBe(albumGroupKey(tags({ artists: ['B'] })));
  });

  it('ignores case and accents, and tells years apart', () => {
    expect(albumGroupKey(tags({ album: 'ÉTÉ', albumArtist: 'Zoë' }))).toBe(albumGroupKey(tags({ album: 'ete', albumArtist: 'zoe' })));
    expect(albumGroupKey(tags({ year: 2001 }))).not.toBe(albumGroupKey(tags({ year: 2002 })));
  });
});
