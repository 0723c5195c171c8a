import type { Song } from '../../../contract/songs';
import { artworkUrlOf } from '../artwork/hashes';
import type { SongSource } from './songColumns';

/**
 * Where a song streams. The URL carries no capability: the stream route authenticates with the
 * session's stream cookie (auth/streamCookie.ts) or a Bearer header, so a URL that leaks (a log, a
 * radio broadcast, a shared link) lets nobody in, and access ends with the session.
 */
export function streamUrl(songId: string): string {
  return `/api/songs/stream/${songId}`;
}

/** Seconds as the API sends them: whole seconds, like the duration filter of GET /api/songs. */
export function durationSeconds(durationMs: number): number {
  return Math.round(durationMs / 1000);
}

/**
 * A song row as every endpoint sends it (docs/product.md §3 Song). The library fields come with
 * scanned and uploaded songs (uploads read their tags as scanned files do); every song, the demo
 * included, has its artworkUrl.
 */
export function toSong(row: SongSource): Song {
  if (row.source === 'demo') {
    return {
      id: row.id,
      title: row.title,
      artist: row.artist,
      duration: durationSeconds(row.durationMs),
      path: row.path,
      publicUrl: streamUrl(row.id),
      createdAt: row.createdAt.toISOString(),
      artworkUrl: artworkUrlOf(row.artworkHash),
    };
  }
  // one literal rather than the demo's fields spread into the library's: built for every row of every page
  return {
    id: row.id,
    title: row.title,
    artist: row.artist,
    duration: durationSeconds(row.durationMs),
    path: row.path,
    publicUrl: streamUrl(row.id),
    createdAt: row.createdAt.toISOString(),
    artworkUrl: artworkUrlOf(row.artworkHash),
    album: row.album,
    albumId: row.albumId,
    albumArtist: row.albumArtist,
    artists: row.artists.length ? row.artists : [row.artist],
    trackNumber: row.trackNumber,
    discNumber: row.discNumber,
    year: row.year,
    genres: row.genres,
    codec: row.codec,
    bitRate: row.bitRate,
    playable: row.playable,
    unplayableReason: row.unplayableReason,
    replayGain: { trackGain: row.rgTrackGain, trackPeak: row.rgTrackPeak, albumGain: row.rgAlbumGain, albumPeak: row.rgAlbumPeak },
  };
}

/** toSong for a list, keeping its order. */
export function toSongs(rows: SongSource[]): Song[] {
  return rows.map(toSong);
}
