/**
 * Where the live radio stands now, in seconds into the current track: the server started it at
 * `startedAt` (server clock), and the server clock runs `clockOffsetMs` ahead of ours.
 */
export function livePosition(input: { startedAt: number; clockOffsetMs: number; localNow: number; duration: number }): number {
  const seconds = (input.localNow + input.clockOffsetMs - input.startedAt) / 1000;
  return Math.min(Math.max(seconds, 0), Math.max(input.duration, 0));
}

/**
 * The offset estimate from samples of (serverTime - local receive time): the wire only ever makes a
 * sample smaller, so the largest recent one is the best.
 */
export function estimateClockOffset(samples: number[]): number {
  return samples.length ? Math.max(...samples) : 0;
}
