/** Checks that the hand-over lands on the exact sample, on a music-like signal (e2e/playback-engine.e2e.ts). */
import { findAlignment } from '../../src/client/services/audio/engine/align';

const WINDOW = 2048;

/** Where in `reference` the tapped output at index `at` is: reference index − output index, and the match's score. */
export function offsetAt(output: ArrayLike<number>, at: number, reference: Float32Array): { offset: number; score: number } {
  const window = Float32Array.from({ length: WINDOW }, (_, i) => output[at + i]);
  const match = findAlignment(window, reference, 0, reference.length - WINDOW);
  return { offset: match.lag - at, score: match.score };
}

/** The largest |output − reference| over output[from, to) with the reference shifted by `offset`. */
export function maxResidual(output: ArrayLike<number>, reference: Float32Array, offset: number, from: number, to: number): number {
  let worst = 0;
  for (let i = from; i < to; i += 1) worst = Math.max(worst, Math.abs(output[i] - (reference[i + offset] ?? 0)));
  return worst;
}
