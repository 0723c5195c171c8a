import type { Song } from '../../../contract/songs';
import type { SongRow } from '../../db/schema';

/** The columns a Song is made from; select at least these. */
export type SongSource = Pick<SongRow, 'id' | 'title' | 'artist' | 'durationMs' | 'path' | 'createdAt'>;

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

/** A song row as every endpoint sends it (docs/product.md §3 Song). */
export function toSong(row: SongSource): Song {
  return {
    id: row.id,
    title: row.title,
    artist: row.artist,
    duration: durationSeconds(row.durationMs),
    path: row.path,
    publicUrl: streamUrl(row.id),
    createdAt: row.createdAt.toISOString(),
  };
}

/** toSong for a list, keeping its order. */
export function toSongs(rows: SongSource[]): Song[] {
  return rows.map(toSong);
}
