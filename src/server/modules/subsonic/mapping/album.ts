import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/open';
import { durationSeconds } from '../../../library/songs/toSong';
import { userAlbumRows, type AlbumPageInput, type UserAlbumRow } from '../queries/albums';
import { artistIdsByName, type NamedId } from './artistIds';
import { artworkHashOf } from './coverArt';
import type { Child } from './child';
import { songChildrenWhere } from '../queries/songChildren';
import { isoTime } from './isoTime';

/** The OpenSubsonic AlbumID3 (docs/subsonic.md, What songs, albums and artists carry). */
export interface AlbumID3 {
  id: string;
  name: string;
  artist: string;
  artistId?: string;
  coverArt?: string;
  songCount: number;
  duration: number;
  playCount: number;
  created: string;
  starred?: string;
  year?: number;
  genre?: string;
  played?: string;
  userRating?: number;
  recordLabels: never[];
  musicBrainzId: string;
  genres: { name: string }[];
  artists: NamedId[];
  displayArtist: string;
  releaseTypes: string[];
  moods: never[];
  sortName: string;
  isCompilation: boolean;
  explicitStatus: '';
  discTitles: never[];
}

export interface AlbumID3WithSongs extends AlbumID3 {
  song: Child[];
}

/** An album as a directory entry (getAlbumList, getStarred, search2, getMusicDirectory of an artist). */
export interface AlbumDirectoryChild {
  id: string;
  parent?: string;
  isDir: true;
  title: string;
  album: string;
  artist: string;
  year?: number;
  genre?: string;
  coverArt?: string;
  duration: number;
  playCount: number;
  played?: string;
  created: string;
  starred?: string;
  userRating?: number;
  albumId: string;
  artistId?: string;
  type: 'music';
  mediaType: 'album';
  isVideo: false;
  sortName: string;
  musicBrainzId: string;
}

/** A page of AlbumID3 for the user: one statement for the albums, one for their artists' ids. */
export async function albumsID3(db: Db, userId: string, input: AlbumPageInput): Promise<AlbumID3[]> {
  const rows = await userAlbumRows(db, userId, input);
  const ids = await artistIdsByName(
    db,
    rows.map((row) => row.album_artist),
  );
  return rows.map((row) => toAlbumID3(row, ids.get(row.album_artist.toLowerCase())));
}

/** The album with its songs in disc then track order, or null when there is no such album. */
export async function albumWithSongs(db: Db, userId: string, albumId: string): Promise<AlbumID3WithSongs | null> {
  const [album] = await albumsID3(db, userId, { where: [sql`a.id = ${albumId}`], order: sql`a.id`, limit: 1 });
  if (!album) return null;
  return { ...album, song: await albumSongChildren(db, userId, albumId) };
}

/** The album's songs as the web app orders them (browse/albumQueries.ts albumSongs): disc, track, name. */
export function albumSongChildren(db: Db, userId: string, albumId: string): Promise<Child[]> {
  return songChildrenWhere(db, userId, sql`s.album_id = ${albumId}`, ALBUM_SONG_ORDER, 10_000);
}

export const ALBUM_SONG_ORDER: SQL = sql`s.disc_number asc nulls last, s.track_number asc nulls last, s.sort_key asc, s.id asc`;

export function toAlbumDirectory(album: AlbumID3): AlbumDirectoryChild {
  return {
    id: album.id,
    parent: album.artistId,
    isDir: true,
    title: album.name,
    album: album.name,
    artist: album.artist,
    year: album.year,
    genre: album.genre,
    coverArt: album.coverArt,
    duration: album.duration,
    playCount: album.playCount,
    played: album.played,
    created: album.created,
    starred: album.starred,
    userRating: album.userRating,
    albumId: album.id,
    artistId: album.artistId,
    type: 'music',
    mediaType: 'album',
    isVideo: false,
    sortName: album.sortName,
    musicBrainzId: album.musicBrainzId,
  };
}

function toAlbumID3(row: UserAlbumRow, artistId: string | undefined): AlbumID3 {
  const genres = row.genres ?? [];
  return {
    id: row.id,
    name: row.name,
    artist: row.album_artist,
    artistId,
    coverArt: artworkHashOf(row.artwork_hash),
    songCount: Number(row.song_count),
    duration: durationSeconds(Number(row.duration_ms)),
    playCount: Number(row.play_count),
    created: isoTime(row.created_at),
    starred: row.starred_at ? isoTime(row.starred_at) : undefined,
    year: row.year ?? undefined,
    genre: genres[0],
    played: row.played_at ? isoTime(row.played_at) : undefined,
    userRating: row.rating ?? undefined,
    recordLabels: [],
    musicBrainzId: row.mbz_album_id ?? '',
    genres: genres.map((name) => ({ name })),
    artists: artistId ? [{ id: artistId, name: row.album_artist }] : [],
    displayArtist: row.album_artist,
    releaseTypes: row.compilation ? ['Compilation'] : [],
    moods: [],
    sortName: row.sort_key,
    isCompilation: row.compilation,
    explicitStatus: '',
    discTitles: [],
  };
}
