import type { KnownSong } from './knownSongs';
import type { ReadTrack } from './types';

export interface MoveMatch {
  moved: { track: ReadTrack; id: string }[];
  added: ReadTrack[];
  removed: KnownSong[];
}

function identity(size: number, durationMs: number, title: string, artist: string, album: string | null, track: number | null, disc: number | null) {
  return JSON.stringify([size, durationMs, title, artist, album, track, disc]);
}

/**
 * Phase 4 (docs/decisions/library.md): a new file with the size, duration and tags (title,
 * artist, album, track, disc) of a song whose file went missing in this scan is that song moved:
 * it keeps its id, so likes, plays, playlists and radio history follow it. Each missing song matches once.
 */
export function matchMoves(newTracks: ReadTrack[], missing: KnownSong[]): MoveMatch {
  const byIdentity = new Map<string, KnownSong[]>();
  for (const song of missing) {
    const key = identity(song.sizeBytes, song.durationMs, song.title, song.artist, song.album, song.trackNumber, song.discNumber);
    byIdentity.set(key, [...(byIdentity.get(key) ?? []), song]);
  }
  const result: MoveMatch = { moved: [], added: [], removed: [] };
  const taken = new Set<string>();
  for (const track of newTracks) {
    const { tags, file } = track;
    const key = identity(file.size, tags.durationMs, tags.title, tags.artist, tags.album, tags.trackNumber, tags.discNumber);
    const song = byIdentity.get(key)?.find((s) => !taken.has(s.id));
    if (song) {
      taken.add(song.id);
      result.moved.push({ track, id: song.id });
    } else {
      result.added.push(track);
    }
  }
  result.removed = missing.filter((s) => !taken.has(s.id));
  return result;
}
