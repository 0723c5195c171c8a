/** The pure arithmetic of the playback engine's clock (docs/product.md §2.14). */

/** An AudioContext's getOutputTimestamp(): a context time and the performance.now() it was heard at. */
export interface OutputStamp {
  contextTime: number;
  performanceTime: number;
}

/** The context time at which a local wall-clock time (Date.now() ms) is heard. */
export function wallToContextTime(wallMs: number, stamp: OutputStamp, timeOrigin: number): number {
  const performanceMs = wallMs - timeOrigin;
  return stamp.contextTime + (performanceMs - stamp.performanceTime) / 1000;
}

/** Where the current voice ends on the context clock: it started at `startTime` from `offset` s of a `duration` s track. */
export function voiceEndTime(startTime: number, offset: number, duration: number): number {
  return startTime + Math.max(0, duration - offset);
}

/**
 * When the next track starts: at `startAt` when given (a radio boundary), else at the current
 * voice's end less the crossfade (never longer than either track allows, never before `now`).
 */
export function nextStartTime(opts: { end: number; crossfadeSeconds: number; nextDuration: number; now: number; startAt?: number }): {
  start: number;
  fade: number;
} {
  if (opts.startAt !== undefined) return { start: Math.max(opts.now, opts.startAt), fade: 0 };
  const fade = Math.max(0, Math.min(opts.crossfadeSeconds, opts.nextDuration / 2, opts.end - opts.now));
  return { start: Math.max(opts.now, opts.end - fade), fade };
}

/** Equal-power crossfade curves of `n` points: out = cos, in = sin over a quarter period (out² + in² = 1). */
export function equalPowerCurves(n: number): { fadeOut: Float32Array; fadeIn: Float32Array } {
  const fadeOut = new Float32Array(n);
  const fadeIn = new Float32Array(n);
  for (let i = 0; i < n; i += 1) {
    const t = n === 1 ? 1 : i / (n - 1);
    fadeOut[i] = Math.cos((t * Math.PI) / 2);
    fadeIn[i] = Math.sin((t * Math.PI) / 2);
  }
  return { fadeOut, fadeIn };
}
