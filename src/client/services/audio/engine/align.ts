/** Below this normalised correlation a match is too weak to hand over on (silence, noise, the wrong place). */
export const STRONG_MATCH = 0.9;

export interface Alignment {
  /** the index in `reference` where `window` matches best */
  lag: number;
  /** its normalised correlation, -1..1; 0 when either side is silent */
  score: number;
}

/**
 * Where `window` (what an element voice was heard playing) sits in `reference` (the decoded track),
 * searching lags from..to: the lag of the highest normalised cross-correlation.
 */
export function findAlignment(window: Float32Array, reference: Float32Array, from: number, to: number): Alignment {
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

/** A track's channels mixed to mono (what the tap hears). */
export function monoMix(channels: Float32Array[], from = 0, to = channels[0]?.length ?? 0): Float32Array {
  const out = new Float32Array(Math.max(0, to - from));
  for (const channel of channels) for (let i = from; i < to; i += 1) out[i - from] += channel[i] / channels.length;
  return out;
}
