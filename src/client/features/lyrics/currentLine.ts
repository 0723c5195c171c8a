import type { LyricsTrack } from '../../../contract/lyrics';
import { lineShowsAtMs } from '../../../contract/lyricsTiming';

/**
 * docs/product.md §2.15: the line that is current at `nowMs` (ms of the track) is the one shown
 * latest at or before now, its set's offset applied; -1 before the first line and for a plain set.
 * Lines are compared by time, not by place, so a file whose lines are out of order still follows.
 */
export function currentLineIndex(track: LyricsTrack, nowMs: number): number {
  if (!track.synced) return -1;
  let current = -1;
  let currentAt = -Infinity;
  track.lines.forEach((line, index) => {
    if (line.startMs === undefined) return;
    const at = lineShowsAtMs(track, line);
    if (at <= nowMs && at >= currentAt) {
      current = index;
      currentAt = at;
    }
  });
  return current;
}

/** Where the player seeks for a click on a line: the second it shows at (offset applied). */
export const lineSeekSeconds = (track: LyricsTrack, index: number): number => lineShowsAtMs(track, track.lines[index]) / 1000;
