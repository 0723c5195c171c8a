import type { ReplayGain } from '../../../contract/songs';

/** docs/product.md §3 "Track (playback)": what the player needs to play one song. */
export interface PlayerTrack {
  id: string;
  title: string;
  artist: string;
  /** a URL the audio element can stream (the song's signed publicUrl) */
  url: string;
  /** seconds */
  duration: number;
  /** the album's name, for the lock screen (docs/product.md §5.7); absent when unknown */
  album?: string | null;
  /** `/api/artwork/<hash>` (contract/artwork.ts); absent or null when there is none */
  artworkUrl?: string | null;
  /** the album's id and the track's place on it: crossfade never splits an album played in order (docs/product.md §2.14) */
  albumId?: string | null;
  discNumber?: number | null;
  trackNumber?: number | null;
  /** the file's ReplayGain tags, absent when untagged (docs/product.md §2.14) */
  replayGain?: ReplayGain;
}

/** Where a play started; counted in statistics. */
export type PlaySource = 'library' | 'search' | 'liked' | 'playlist' | 'radio' | 'home' | 'player';

/**
 * What the player plays from (docs/product.md §4.4): the listener's own queue, or the radio's live
 * item (`itemId`, the station queue item; null while it is not known yet).
 */
export type PlayerSource = { kind: 'queue' } | { kind: 'radio'; itemId: string | null };

export const QUEUE_SOURCE: PlayerSource = { kind: 'queue' };
