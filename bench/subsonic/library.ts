/**
 * A deterministic library shaped like a scanned one for the subsonic part: N artists, albums by
 * them (album artist, year, genre) and songs on those albums (track numbers, artists[], one in
 * five featuring a second artist). Titles, artist names and durations come from the search part's
 * generator (bench/search/library.ts). Pure: the same shape gives the same library.
 */
import { foldText } from '../../src/server/lib/text';
import { generateSongs } from '../search/library';

export interface LibraryShape {
  songs: number;
  albums: number;
  artists: number;
}

export interface GeneratedAlbum {
  name: string;
  albumArtist: string;
  year: number;
  genre: string;
  /** what the scanner groups by (library/scan/albumKey.ts): folded album artist, name and year */
  groupKey: string;
}

export interface GeneratedTrack {
  title: string;
  /** the display string */
  artist: string;
  artists: string[];
  /** index into albums */
  album: number;
  trackNumber: number;
  durationMs: number;
}

export interface GeneratedLibrary {
  artists: string[];
  albums: GeneratedAlbum[];
  songs: GeneratedTrack[];
}

const GENRES = ['Rock', 'Jazz', 'Electronic', 'Folk', 'Hip-Hop', 'Classical', 'Pop', 'Soul', 'Ambient', 'Metal'];

export function generateLibrary(shape: LibraryShape): GeneratedLibrary {
  const artists: string[] = [];
  const seen = new Set<string>();
  for (const { artist } of generateSongs(shape.artists * 20, 5)) {
    const key = foldText(artist);
    if (seen.has(key)) continue;
    seen.add(key);
    artists.push(artist);
    if (artists.length === shape.artists) break;
  }
  if (artists.length < shape.artists) throw new Error(`only ${artists.length} distinct artist names for ${shape.artists}`);

  const albums: GeneratedAlbum[] = [];
  const keys = new Set<string>();
  let i = 0;
  for (const { title } of generateSongs(shape.albums, 6)) {
    const albumArtist = artists[i % artists.length];
    const year = 1960 + ((i * 7) % 64);
    let name = title;
    let groupKey = `${foldText(albumArtist)}|${foldText(name)}|${year}`;
    for (let n = 2; keys.has(groupKey); n += 1) {
      name = `${title} ${n}`;
      groupKey = `${foldText(albumArtist)}|${foldText(name)}|${year}`;
    }
    keys.add(groupKey);
    albums.push({ name, albumArtist, year, genre: GENRES[i % GENRES.length], groupKey });
    i += 1;
  }

  const perAlbum = Math.ceil(shape.songs / shape.albums);
  const songs: GeneratedTrack[] = [];
  let j = 0;
  for (const song of generateSongs(shape.songs, 42)) {
    const album = Math.floor(j / perAlbum);
    const albumArtist = albums[album].albumArtist;
    const featured = j % 5 === 4 ? artists[(album * 13 + j) % artists.length] : null;
    const withGuest = featured && foldText(featured) !== foldText(albumArtist) ? [albumArtist, featured] : [albumArtist];
    songs.push({
      title: song.title,
      artist: withGuest.join(' feat. '),
      artists: withGuest,
      album,
      trackNumber: (j % perAlbum) + 1,
      durationMs: song.durationMs,
    });
    j += 1;
  }
  return { artists, albums, songs };
}
