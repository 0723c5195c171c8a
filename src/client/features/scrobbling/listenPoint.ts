/**
 * docs/product.md §5.10: a track is scrobbled once it has played min(half its length, 4 minutes)
 * of real listening, or when it ends, and only when it is longer than 30 s.
 */
export const MIN_SCROBBLE_SECONDS = 30;
export const MAX_LISTEN_POINT_SECONDS = 240;
/** A step of the playhead larger than this is a seek, not listening (timeupdate comes every ~0.25 s). */
export const MAX_LISTENING_STEP_SECONDS = 2;

export const isScrobblable = (duration: number) => duration > MIN_SCROBBLE_SECONDS;
export const listenPoint = (duration: number) => Math.min(duration / 2, MAX_LISTEN_POINT_SECONDS);

/** The listening a playhead move adds: forward steps only, a seek or a jump back adds nothing. */
export function listeningStep(previous: number | null, current: number): number {
  if (previous === null) return 0;
  const step = current - previous;
  return step > 0 && step <= MAX_LISTENING_STEP_SECONDS ? step : 0;
}
