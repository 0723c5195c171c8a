import { songs, type SongRow } from '../../db/schema';

/** The columns a Song is made from; select at least these. */
export type SongSource = Pick<
  SongRow,
  | 'id'
  | 'title'
  | 'artist'
  | 'durationMs'
  | 'path'
  | 'createdAt'
  | 'source'
  | 'album'
  | 'albumId'
  | 'albumArtist'
  | 'artists'
  | 'trackNumber'
  | 'discNumber'
  | 'year'
  | 'genres'
  | 'codec'
  | 'bitRate'
  | 'playable'
  | 'unplayableReason'
  | 'artworkHash'
  | 'rgTrackGain'
  | 'rgTrackPeak'
  | 'rgAlbumGain'
  | 'rgAlbumPeak'
>;

/** The columns a Song is made of (toSong.ts), for every query that answers songs. */
export const songColumns = {
  id: songs.id,
  title: songs.title,
  artist: songs.artist,
  durationMs: songs.durationMs,
  path: songs.path,
  createdAt: songs.createdAt,
  source: songs.source,
  album: songs.album,
  albumId: songs.albumId,
  albumArtist: songs.albumArtist,
  artists: songs.artists,
  trackNumber: songs.trackNumber,
  discNumber: songs.discNumber,
  year: songs.year,
  genres: songs.genres,
  codec: songs.codec,
  bitRate: songs.bitRate,
  playable: songs.playable,
  unplayableReason: songs.unplayableReason,
  artworkHash: songs.artworkHash,
  rgTrackGain: songs.rgTrackGain,
  rgTrackPeak: songs.rgTrackPeak,
  rgAlbumGain: songs.rgAlbumGain,
  rgAlbumPeak: songs.rgAlbumPeak,
} satisfies Record<keyof SongSource, unknown>;
