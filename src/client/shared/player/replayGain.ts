import type { PlaybackSettings } from '../settings';
import type { PlayerTrack } from './playerTypes';

/** The tracks around one: the one played before it and the one queued after it. */
export interface Neighbours {
  previous?: PlayerTrack | null;
  next?: PlayerTrack | null;
}

type AlbumPlace = Pick<PlayerTrack, 'albumId' | 'discNumber' | 'trackNumber'>;

/** `b` comes right after `a` on the same album: the next track of the disc, or the first of the next disc. */
export function followsOnAlbum(a: AlbumPlace | null | undefined, b: AlbumPlace | null | undefined): boolean {
  if (!a?.albumId || a.albumId !== b?.albumId || a.trackNumber == null || b.trackNumber == null) return false;
  const discA = a.discNumber ?? 1;
  const discB = b.discNumber ?? 1;
  if (discA === discB) return b.trackNumber === a.trackNumber + 1;
  return discB === discA + 1 && b.trackNumber === 1;
}

/** The album is being played in order around this track (docs/product.md §2.14's "auto" mode). */
export function albumInOrder(track: PlayerTrack, { previous, next }: Neighbours): boolean {
  return followsOnAlbum(previous, track) || followsOnAlbum(track, next);
}

const dbToLinear = (db: number) => 10 ** (db / 20);

/**
 * docs/product.md §2.14 "Loudness": the linear gain a track plays at. Track gain for shuffles and
 * mixed queues, album gain while an album plays in order (auto), the preamp added, and never more
 * than its peak allows (no clipping). Files without tags get none (1), preamp included.
 */
export function trackGainFor(
  track: PlayerTrack,
  { replayGainMode: mode, preampDb }: Pick<PlaybackSettings, 'replayGainMode' | 'preampDb'>,
  neighbours: Neighbours = {},
): number {
  const tags = track.replayGain;
  if (mode === 'off' || !tags) return 1;
  const album = mode === 'album' || (mode === 'auto' && albumInOrder(track, neighbours));
  let db: number | null = null;
  let peak: number | null = null;
  if (album && tags.albumGain != null) {
    db = tags.albumGain;
    peak = tags.albumPeak ?? tags.trackPeak;
  } else if (tags.trackGain != null) {
    db = tags.trackGain;
    peak = tags.trackPeak ?? tags.albumPeak;
  }
  if (db === null) return 1;
  const gain = dbToLinear(db + preampDb);
  return peak != null && peak > 0 ? Math.min(gain, 1 / peak) : gain;
}
