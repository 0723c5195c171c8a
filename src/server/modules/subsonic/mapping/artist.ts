import type { Db } from '../../../db/open';
import { sql, type SQL } from 'drizzle-orm';
import { userArtistRows, type UserArtistRow } from '../queries/artists';
import { artworkHashOf } from './coverArt';
import { isoTime } from './isoTime';

/** The OpenSubsonic ArtistID3 (docs/subsonic.md, What songs, albums and artists carry). */
export interface ArtistID3 {
  id: string;
  name: string;
  coverArt?: string;
  albumCount: number;
  starred?: string;
  userRating?: number;
  musicBrainzId: string;
  sortName: string;
}

/** The folder-view Artist (getIndexes, getStarred, search2). */
export interface FolderArtist {
  id: string;
  name: string;
  starred?: string;
  userRating?: number;
}

/** Names are indexed as stored: the library sorts by the folded name and ignores no article. */
export const IGNORED_ARTICLES = '';

export async function artistsID3(db: Db, userId: string, where: SQL | null, limit?: number, offset?: number): Promise<ArtistID3[]> {
  return (await userArtistRows(db, userId, where, limit, offset)).map(toArtistID3);
}

export async function artistID3(db: Db, userId: string, id: string): Promise<ArtistID3 | null> {
  return (await artistsID3(db, userId, sql`ar.id = ${id}`))[0] ?? null;
}

export function toArtistID3(row: UserArtistRow): ArtistID3 {
  return {
    id: row.id,
    name: row.name,
    coverArt: artworkHashOf(row.artwork_hash),
    albumCount: Number(row.album_count),
    starred: row.starred_at ? isoTime(row.starred_at) : undefined,
    userRating: row.rating ?? undefined,
    musicBrainzId: row.mbz_artist_id ?? '',
    sortName: row.sort_key,
  };
}

export function toFolderArtist(artist: ArtistID3): FolderArtist {
  return { id: artist.id, name: artist.name, starred: artist.starred, userRating: artist.userRating };
}

/** The index letter of a name: its first letter folded and upper-cased, '#' for anything else. */
export function indexLetter(sortName: string): string {
  const first = sortName
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .charAt(0)
    .toUpperCase();
  return /\p{L}/u.test(first) ? first : '#';
}

/** Artists grouped by index letter, '#' first, then letters in order; artists keep their order. */
export function indexed<T extends { sortName: string }, U>(artists: T[], map: (artist: T) => U): { name: string; artist: U[] }[] {
  const groups = new Map<string, U[]>();
  for (const artist of artists) {
    const letter = indexLetter(artist.sortName);
    const group = groups.get(letter);
    if (group) group.push(map(artist));
    else groups.set(letter, [map(artist)]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a === '#' ? -1 : b === '#' ? 1 : a.localeCompare(b))).map(([name, artist]) => ({ name, artist }));
}
