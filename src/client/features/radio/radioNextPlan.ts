import type { NextTrackPlan } from '../../services/audio/AudioService';
import type { PlannedNext, PlayerTrack } from '../../shared/player';
import type { RadioQueueTrack, RadioState } from './radioSlice';

/** What radio mode plays, as the player takes it. */
export function toRadioPlayerTrack(track: RadioQueueTrack): PlayerTrack {
  const playerTrack: PlayerTrack = { id: track.songId, title: track.title, artist: track.artist, url: track.url, duration: track.duration };
  if (track.artworkUrl) playerTrack.artworkUrl = track.artworkUrl;
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
 * starts at the current track's end, converted to this browser's clock, from its beginning, level.
 * (The server sends a track change before the queue without it: the current item is skipped.)
 */
export function radioSchedule(radio: RadioState): RadioSchedule | null {
  const current = radio.currentTrack;
  if (!radio.isRadioActive || !current || radio.startedAt === null) return null;
  const item = radio.queue.find((queued) => queued.id !== current.id);
  if (!item) return null;
  const boundary = radio.startedAt + current.duration * 1000;
  return { item, boundary, plan: { key: item.id, url: item.url, gain: 1, crossfadeSeconds: 0, startAtMs: boundary - radio.clockOffsetMs, offsetSeconds: 0 } };
}

export function samePlan(a: NextTrackPlan | null | undefined, b: NextTrackPlan | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return a.key === b.key && a.url === b.url && a.startAtMs === b.startAtMs && a.gain === b.gain && a.crossfadeSeconds === b.crossfadeSeconds;
}
