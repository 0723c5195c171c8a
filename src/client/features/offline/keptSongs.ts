import type { KeptItem, KeptRecords } from '../../shared/kept';
import type { KeepableSong } from './keepService';

/**
 * The stream URL the worker answers from the kept file (sw/keptAudio.ts), the one the server gives
 * songs too (server library/songs/toSong.ts), so a kept song plays the same online and offline.
 */
export const keptStreamUrl = (songId: string) => `/api/songs/stream/${encodeURIComponent(songId)}`;

/** An item's kept songs in its order, as the player plays them; songs not (yet) kept are left out. */
export function keptSongsOf(item: KeptItem, records: KeptRecords): KeepableSong[] {
  return item.songIds.flatMap((id) => {
    const song = records.songs[id];
    return song ? [{ ...song, id, publicUrl: keptStreamUrl(id) }] : [];
  });
}
