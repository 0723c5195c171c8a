import type { LiveSnapshot } from '../snapshot';
import { SAMPLE_RATE } from './pcm';

/** One station item as the stream plays it: its place in stream frames, [startFrame, endFrame). */
export interface ScheduledItem {
  /** the queue item's id and its start: a skip, a pause or a reorder makes a different key */
  key: string;
  songId: string;
  title: string;
  startFrame: number;
  endFrame: number;
}

/** The stream frame that sounds at wall time `ms`, for a stream whose frame 0 sounds at `epochMs`. */
export function frameAt(epochMs: number, ms: number): number {
  return Math.round(((ms - epochMs) * SAMPLE_RATE) / 1000);
}

/** The wall time (ms) at which stream frame `frame` sounds. */
export function wallTimeOf(epochMs: number, frame: number): number {
  return epochMs + (frame * 1000) / SAMPLE_RATE;
}

/** What listeners see while the station is off air, and between items (the queue ran out). */
export const OFF_AIR_TITLE = 'Wavelength Radio (off air)';
export const BETWEEN_ITEMS_TITLE = 'Wavelength Radio';

export function streamTitle(track: { artist: string; title: string }): string {
  return track.artist ? `${track.artist} - ${track.title}` : track.title;
}

/**
 * The items the snapshot says play in stream frames [from, to): the current item from its start,
 * then the queue back to back, each at its start on the schedule (not when the clock moves the
 * station on: the clock advances an item exactly at its predecessor's end, so both agree).
 */
export function scheduledItems(snapshot: LiveSnapshot | null, epochMs: number, from: number, to: number): ScheduledItem[] {
  if (!snapshot?.isActive || !snapshot.current || snapshot.startedAt === null) return [];
  const items: ScheduledItem[] = [];
  let startMs = snapshot.startedAt;
  const tracks = [{ track: snapshot.current, durationMs: snapshot.currentDurationMs }];
  for (const track of snapshot.queue) if (track.id !== snapshot.current.id) tracks.push({ track, durationMs: Math.round(track.duration * 1000) });
  for (const { track, durationMs } of tracks) {
    const startFrame = frameAt(epochMs, startMs);
    const endFrame = frameAt(epochMs, startMs + durationMs);
    if (startFrame >= to) break;
    if (endFrame > from && endFrame > startFrame) {
      items.push({ key: `${track.id}@${startMs}`, songId: track.songId, title: streamTitle(track), startFrame, endFrame });
    }
    startMs += durationMs;
  }
  return items;
}

/** The title of the stream where no item plays: off air, or on air between items (nothing queued yet). */
export function idleTitle(snapshot: LiveSnapshot | null): string {
  return snapshot?.isActive ? BETWEEN_ITEMS_TITLE : OFF_AIR_TITLE;
}
