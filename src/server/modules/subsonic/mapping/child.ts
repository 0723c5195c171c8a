import path from 'node:path';
import { servedFormat } from '../../../library/delivery/servedFormat';
import { artworkHashOf } from './coverArt';
import type { NamedId } from './artistIds';
import { isoTime } from './isoTime';

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

/** A song row with the asking user's like, rating and plays, as songChildrenWhere (queries/songChildren.ts) selects it. */
export interface ChildRow {
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

/** The song's artists, or its one artist line when the tags named none. */
export function namesOf(row: ChildRow): string[] {
  return row.artists && row.artists.length > 0 ? row.artists : [row.artist];
}

function suffixOf(row: ChildRow): string {
  const file = row.file_path ?? row.path;
  const ext = path.extname(file).slice(1).toLowerCase();
  if (ext) return ext;
  const sub = row.mime_type.split('/')[1] ?? 'mp3';
  return sub === 'mpeg' ? 'mp3' : sub.replace(/^x-/, '');
}

/** The Child of a row; `ids` maps lower-cased artist names to their ids (artistIds.ts). */
export function toChild(row: ChildRow, ids: Map<string, string>): Child {
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
  // what stream sends without a format asked: the FLAC copy of ALAC and AIFF (library/delivery/servedFormat.ts)
  const served = servedFormat({ codec: row.codec, mimeType: row.mime_type });
  if (served.kind === 'flacCopy') {
    child.transcodedContentType = served.contentType;
    child.transcodedSuffix = served.suffix;
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
