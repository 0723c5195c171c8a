import type { Album, Artist } from '../../../../contract/browse';
import type { Song } from '../../../../contract/songs';

const uuid = (prefix: number, n: number) => `00000000-0000-4000-8000-${String(prefix * 100_000 + n).padStart(12, '0')}`;

export const albumOf = (n: number, over: Partial<Album> = {}): Album => ({
  id: uuid(1, n),
  name: `Album ${n}`,
  albumArtist: `Artist ${n % 7}`,
  year: 1990 + (n % 30),
  compilation: false,
  songCount: 10,
  duration: 2400,
  genres: ['Jazz'],
  artworkUrl: null,
  ...over,
});

export const songOf = (n: number, over: Partial<Song> = {}): Song => ({
  id: uuid(2, n),
  title: `Song ${n}`,
  artist: 'The Tidal Quartet',
  duration: 200,
  path: `${n}.flac`,
  publicUrl: `/api/songs/stream/${n}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  album: 'Harbour Lights',
  artworkUrl: '/api/artwork/ab12',
  ...over,
});

export const artistOf = (n: number, over: Partial<Artist> = {}): Artist => ({ id: uuid(3, n), name: `Artist ${n}`, albumCount: 2, songCount: 12, ...over });
