import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/open';
import { artworkHashOf } from './coverArt';
import { artistIdsByName, type NamedId } from './artistIds';
import { isoTime } from './isoTime';
import { rowsOf } from '../../../db/rowsOf';

/** The OpenSubsonic Child of a song (docs/subsonic.md, What songs, albums and artists carry). */
export interface Child {
  id: string;
  parent?: string;
  isDir: false;
  title: string;
  album?: string;
  artist: string;
  track?: number;
  year?: number;
  genre?: string;
  coverArt?: string;
  size: number;
  contentType: string;
  suffix: string;
  transcodedContentType?: string;
  transcodedSuffix?: string;
  duration: number;
  bitRate?: number;
  samplingRate?: number;
  channelCount?: number;
  path: string;
  playCount: number;
  discNumber?: number;
  created: string;
  starred?: string;
  albumId?: string;
  artistId?: string;
  type: 'music';
  mediaType: 'song';
  isVideo: false;
  userRating?: number;
  played?: string;
  bpm: number;
  comment: string;
  sortName: string;
  musicBrainzId: string;
  isrc: string[];
  genres: { name: string }[];
  artists: NamedId[];
  displayArtist: string;
  albumArtists: NamedId[];
  displayAlbumArtist: string;
  contributors: never[];
  displayComposer: string;
  moods: string[];
  replayGain: { trackGain?: number; albumGain?: number; trackPeak?: number; albumPeak?: number };
  explicitStatus: '';
}

/** A song row with the asking user's like, rating and plays, as songChildrenWhere selects it. */
interface ChildRow {
  id: string;
  title: string;
  artist: string;
  artists: string[] | null;
  album: string | null;
  album_id: string | null;
  album_artist: string | null;
  track_number: number | null;
  disc_number: number | null;
  year: number | null;
  genres: string[] | null;
  duration_ms: number;
  size_bytes: number | string;
  mime_type: string;
  path: string;
  file_path: string | null;
  codec: string | null;
  bit_rate: number | null;
  sample_rate: number | null;
  mbz_track_id: string | null;
  rg_track_gain: number | null;
  rg_track_peak: number | null;
  rg_album_gain: number | null;
  rg_album_peak: number | null;
  artwork_hash: string | null;
  sort_key: string;
  created_at: Date | string;
  starred_at: Date | string | null;
  rating: number | null;
  play_count: number | string;
  played_at: Date | string | null;
}

/** Formats whose stream is a FLAC copy (library/transcode): the Child names both. */
const TRANSCODED_TO_FLAC = new Set(['alac', 'aiff']);

/**
 * The Children of songs picked by `where` (on alias s) in `order`, for one user: their like
 * (starred), rating and plays come from one statement, artist ids from one more, never a query per song.
 */
export async function songChildrenWhere(db: Db, userId: string, where: SQL, order: SQL = sql`s.sort_key, s.id`, limit = 500, offset = 0): Promise<Child[]> {
  const result = await db.execute(sql`
    select s.id, s.title, s.artist, s.artists, s.album, s.album_id, s.album_artist, s.track_number, s.disc_number, s.year,
      s.genres, s.duration_ms, s.size_bytes, s.mime_type, s.path, s.file_path, s.codec, s.bit_rate, s.sample_rate,
      s.mbz_track_id, s.rg_track_gain, s.rg_track_peak, s.rg_album_gain, s.rg_album_peak, s.artwork_hash, s.sort_key,
      s.created_at, ls.created_at as starred_at, r.rating, coalesce(pe.play_count, 0) as play_count, pe.played_at
    from songs s
    left join liked_songs ls on ls.song_id = s.id and ls.user_id = ${userId}
    left join item_ratings r on r.user_id = ${userId} and r.item_kind = 'song' and r.item_id = s.id
    left join lateral (
      select count(*)::int as play_count, max(p.played_at) as played_at from play_events p where p.song_id = s.id and p.user_id = ${userId}
    ) pe on true
    where ${where}
    order by ${order}
    limit ${limit} offset ${offset}`);
  const rows = rowsOf<ChildRow>(result);
  const names = rows.flatMap((row) => [...namesOf(row), ...(row.album_artist ? [row.album_artist] : [])]);
  const ids = await artistIdsByName(db, names);
  return rows.map((row) => toChild(row, ids));
}

/** The Children of these songs, in the order given; unknown ids are left out. */
export async function songChildren(db: Db, userId: string, songIds: readonly string[]): Promise<Child[]> {
  const unique = [...new Set(songIds.filter(isUuid))];
  if (unique.length === 0) return [];
  const found = await songChildrenWhere(db, userId, sql`s.id = any(${sqlUuidArray(unique)})`, sql`s.id`, unique.length);
  const byId = new Map(found.map((child) => [child.id, child]));
  return songIds.flatMap((id) => byId.get(id) ?? []);
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** A uuid[] parameter (drizzle sends a JS array as a record otherwise). */
export function sqlUuidArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

function namesOf(row: ChildRow): string[] {
  return row.artists && row.artists.length > 0 ? row.artists : [row.artist];
}

function suffixOf(row: ChildRow): string {
  const file = row.file_path ?? row.path;
  const ext = path.extname(file).slice(1).toLowerCase();
  if (ext) return ext;
  const sub = row.mime_type.split('/')[1] ?? 'mp3';
  return sub === 'mpeg' ? 'mp3' : sub.replace(/^x-/, '');
}

function toChild(row: ChildRow, ids: Map<string, string>): Child {
  const artists = namesOf(row)
    .map((name) => ({ id: ids.get(name.toLowerCase()) ?? '', name }))
    .filter((a) => a.id !== '');
  const albumArtistName = row.album_artist ?? row.artist;
  const albumArtistId = ids.get(albumArtistName.toLowerCase());
  const suffix = suffixOf(row);
  const album = row.album ?? undefined;
  const child: Child = {
    id: row.id,
    parent: row.album_id ?? undefined,
    isDir: false,
    title: row.title,
    album,
    artist: row.artist,
    track: row.track_number ?? undefined,
    year: row.year ?? undefined,
    genre: row.genres?.[0] ?? undefined,
    coverArt: artworkHashOf(row.artwork_hash),
    size: Number(row.size_bytes),
    contentType: row.mime_type,
    suffix,
    duration: Math.round(row.duration_ms / 1000),
    bitRate: row.bit_rate ? Math.round(row.bit_rate / 1000) : undefined,
    samplingRate: row.sample_rate ?? undefined,
    path: `${albumArtistName}/${album ?? 'Unknown album'}/${row.title}.${suffix}`.replace(/[\\:*?"<>|]/g, '_'),
    playCount: Number(row.play_count),
    discNumber: row.disc_number ?? undefined,
    created: isoTime(row.created_at),
    starred: row.starred_at ? isoTime(row.starred_at) : undefined,
    albumId: row.album_id ?? undefined,
    artistId: artists[0]?.id,
    type: 'music',
    mediaType: 'song',
    isVideo: false,
    userRating: row.rating ?? undefined,
    played: row.played_at ? isoTime(row.played_at) : undefined,
    bpm: 0,
    comment: '',
    sortName: row.sort_key,
    musicBrainzId: row.mbz_track_id ?? '',
    isrc: [],
    genres: (row.genres ?? []).map((name) => ({ name })),
    artists,
    displayArtist: row.artist,
    albumArtists: albumArtistId ? [{ id: albumArtistId, name: albumArtistName }] : [],
    displayAlbumArtist: albumArtistName,
    contributors: [],
    displayComposer: '',
    moods: [],
    replayGain: replayGainOf(row),
    explicitStatus: '',
  };
  if (row.codec && TRANSCODED_TO_FLAC.has(row.codec.toLowerCase())) {
    child.transcodedContentType = 'audio/flac';
    child.transcodedSuffix = 'flac';
  }
  return child;
}

function replayGainOf(row: ChildRow): Child['replayGain'] {
  const gain: Child['replayGain'] = {};
  if (row.rg_track_gain !== null) gain.trackGain = row.rg_track_gain;
  if (row.rg_album_gain !== null) gain.albumGain = row.rg_album_gain;
  if (row.rg_track_peak !== null) gain.trackPeak = row.rg_track_peak;
  if (row.rg_album_peak !== null) gain.albumPeak = row.rg_album_peak;
  return gain;
}
