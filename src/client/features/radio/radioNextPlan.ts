import type { NextTrackPlan } from '../../services/audio/AudioService';
import { trackGainFor, type PlannedNext, type PlayerTrack } from '../../shared/player';
import { DEFAULT_PLAYBACK, type PlaybackSettings } from '../../shared/settings';
import type { RadioQueueTrack, RadioState } from './radioSlice';

/** What radio mode plays, as the player takes it. */
export function toRadioPlayerTrack(track: RadioQueueTrack): PlayerTrack {
  const playerTrack: PlayerTrack = { id: track.songId, title: track.title, artist: track.artist, url: track.url, duration: track.duration };
  if (track.artworkUrl) playerTrack.artworkUrl = track.artworkUrl;
  if (track.replayGain) playerTrack.replayGain = track.replayGain;
  return playerTrack;
}

/** The station's next item as the engine's next slot holds it: the engineAdvanced reducer makes it current in radio mode. */
export function plannedRadioNext({ item, plan }: RadioSchedule): PlannedNext {
  return { plan, track: toRadioPlayerTrack(item), source: { kind: 'radio', itemId: item.id } };
}

/** How far from the planned boundary the server's start of the planned track may be to still be that boundary (not a skip). */
export const BOUNDARY_TOLERANCE_MS = 1_000;

/** The station's next track, to start on the audio clock at its boundary. */
export interface RadioSchedule {
  item: RadioQueueTrack;
  plan: NextTrackPlan;
  /** the boundary on the server's clock (ms): when the server will say the item started */
  boundary: number;
}

/**
 * docs/product.md §2.14 "Radio through the same engine": the first queue item after the current one
 * starts at the current track's end, converted to this browser's clock, from its beginning, at its
 * ReplayGain level as the listener's settings have it (a station is a mixed queue: no neighbours).
 * (The server sends a track change before the queue without it: the current item is skipped.)
 */
export function radioSchedule(radio: RadioState, playback: Pick<PlaybackSettings, 'replayGainMode' | 'preampDb'> = DEFAULT_PLAYBACK): RadioSchedule | null {
  const current = radio.currentTrack;
  if (!radio.isRadioActive || !current || radio.startedAt === null) return null;
  const item = radio.queue.find((queued) => queued.id !== current.id);
  if (!item) return null;
  const boundary = radio.startedAt + current.duration * 1000;
  const gain = trackGainFor(toRadioPlayerTrack(item), playback);
  return { item, boundary, plan: { key: item.id, url: item.url, gain, crossfadeSeconds: 0, startAtMs: boundary - radio.clockOffsetMs, offsetSeconds: 0 } };
}
