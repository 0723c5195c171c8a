import type { Song } from '../../../contract/songs';
import type { SongRow } from '../../db/schema';
import type { TokenService } from '../auth/tokens';
import { registeredStreamUrlSigner, streamPath } from './streamUrls';

/** The columns a Song is made from; select at least these. */
export type SongSource = Pick<SongRow, 'id' | 'title' | 'artist' | 'durationMs' | 'path' | 'createdAt'>;

/**
 * The stream URL of one song for one user, signed with a scoped stream token (?st=). Tokens are
 * reused per user and song while they have hours left (see streamUrls.ts); `fresh` signs a new one.
 */
export async function signedStreamUrl(tokens: TokenService, userId: string, songId: string, options: { fresh?: boolean } = {}): Promise<string> {
  const signer = registeredStreamUrlSigner(tokens);
  if (signer) return signer.urlFor(userId, songId, options);
  return streamPath(songId, await tokens.signStream({ userId, songId }));
}

/** Seconds as the API sends them: whole seconds, like the duration filter of GET /api/songs. */
export function durationSeconds(durationMs: number): number {
  return Math.round(durationMs / 1000);
}

/** A song row as every endpoint sends it (SPEC §3 Song, with a signed publicUrl). */
export async function toSong(row: SongSource, userId: string, tokens: TokenService, options: { fresh?: boolean } = {}): Promise<Song> {
  return {
    id: row.id,
    title: row.title,
    artist: row.artist,
    duration: durationSeconds(row.durationMs),
    path: row.path,
    publicUrl: await signedStreamUrl(tokens, userId, row.id, options),
    createdAt: row.createdAt.toISOString(),
  };
}

/** toSong for a list, keeping its order. */
export function toSongs(rows: SongSource[], userId: string, tokens: TokenService): Promise<Song[]> {
  return Promise.all(rows.map((row) => toSong(row, userId, tokens)));
}
