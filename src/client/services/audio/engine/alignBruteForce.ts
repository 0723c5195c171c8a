import type { Alignment } from './align';

/**
 * The engine's first alignment, by brute force: n·(lags) multiply-adds (27 million for a 2048-frame
 * window over ±0.15 s at 44.1 kHz). Kept only as the reference that align.test.ts and the bench
 * (bench/engine) compare findAlignment against; the app does not import it.
 */
export function findAlignmentBruteForce(window: Float32Array, reference: Float32Array, from: number, to: number): Alignment {
  const n = window.length;
  let windowEnergy = 0;
  for (let i = 0; i < n; i += 1) windowEnergy += window[i] * window[i];
  const first = Math.max(0, Math.floor(from));
  const last = Math.min(reference.length - n, Math.ceil(to));
  let best: Alignment = { lag: first, score: 0 };
  if (windowEnergy < 1e-9 * n || last < first) return best;
  // the reference's energy over the sliding window, kept up to date as the lag moves
  let refEnergy = 0;
  for (let i = 0; i < n; i += 1) refEnergy += reference[first + i] * reference[first + i];
  for (let lag = first; lag <= last; lag += 1) {
    if (lag > first) {
      const out = reference[lag - 1];
      const inn = reference[lag + n - 1];
      refEnergy += inn * inn - out * out;
    }
    if (refEnergy > 1e-9 * n) {
      let dot = 0;
      for (let i = 0; i < n; i += 1) dot += window[i] * reference[lag + i];
      const score = dot / Math.sqrt(windowEnergy * refEnergy);
      if (score > best.score) best = { lag, score };
    }
  }
  return best;
}
