import { fft, nextPowerOfTwo } from './fft';

/** Below this normalised correlation a match is too weak to hand over on (silence, noise, the wrong place). */
export const STRONG_MATCH = 0.9;

export interface Alignment {
  /** the index in `reference` where `window` matches best */
  lag: number;
  /** its normalised correlation, -1..1; 0 when either side is silent */
  score: number;
  /** other places matched as well (within TIE_SCORE): a steady tone, where every period matches; the one nearest `expected` was taken */
  ambiguous?: boolean;
}

/**
 * Matches this close to the best are taken as equal: on a sustained tone every period scores about
 * the same, and which one rounds highest says nothing about where the element is.
 */
export const TIE_SCORE = 0.002;

/** What one alignment cost: real multiplications, the FFT's size, the lags checked exactly. */
export interface AlignmentWork {
  multiplies: number;
  fftSize: number;
  exactLags: number;
}

/**
 * How far an FFT correlation may be off, relative to |window|·|reference segment|, before it could
 * pick another lag: float64 FFTs err by about 1e-15·log2(size), so this leaves four orders to spare.
 */
const FFT_TOLERANCE = 1e-10;

/**
 * Where `window` (what an element voice was heard playing) sits in `reference` (the decoded track),
 * searching lags from..to: the lag of the highest normalised cross-correlation. The same answer as
 * the brute-force search (alignBruteForce.ts), in O(m log m): the correlations of every lag come
 * from one FFT, and only the lags within its rounding of the best are then summed exactly.
 * Given `expected` (where the element should be), a tie (TIE_SCORE) goes to the lag nearest it.
 */
export function findAlignment(window: Float32Array, reference: Float32Array, from: number, to: number, expected?: number): Alignment {
  return alignWithWork(window, reference, from, to, expected).alignment;
}

export function alignWithWork(
  window: Float32Array,
  reference: Float32Array,
  from: number,
  to: number,
  expected?: number,
): { alignment: Alignment; work: AlignmentWork } {
  const n = window.length;
  let windowEnergy = 0;
  for (let i = 0; i < n; i += 1) windowEnergy += window[i] * window[i];
  const first = Math.max(0, Math.floor(from));
  const last = Math.min(reference.length - n, Math.ceil(to));
  let best: Alignment = { lag: first, score: 0 };
  if (windowEnergy < 1e-9 * n || last < first) return { alignment: best, work: { multiplies: n, fftSize: 0, exactLags: 0 } };
  const lags = last - first + 1;
  const refEnergy = slidingEnergy(reference, first, lags, n);
  const { corr, fftSize } = crossCorrelate(window, reference, first, lags);
  let segmentEnergy = 0;
  for (let i = first; i < last + n; i += 1) segmentEnergy += reference[i] * reference[i];
  const audible = 1e-9 * n;
  // every lag's score from the FFT, with how far rounding may have moved it
  const scores = new Float64Array(lags);
  const slack = new Float64Array(lags);
  let floor = -Infinity;
  for (let k = 0; k < lags; k += 1) {
    if (!(refEnergy[k] > audible)) continue;
    scores[k] = corr[k] / Math.sqrt(windowEnergy * refEnergy[k]);
    slack[k] = FFT_TOLERANCE * Math.sqrt(segmentEnergy / refEnergy[k]);
    floor = Math.max(floor, scores[k] - slack[k]);
  }
  // the lags that may be the best, summed as the brute force sums them, in its order and with its rule
  let exactLags = 0;
  for (let k = 0; k < lags; k += 1) {
    if (!(refEnergy[k] > audible) || scores[k] + slack[k] < floor || scores[k] + slack[k] <= 0) continue;
    exactLags += 1;
    const lag = first + k;
    let dot = 0;
    for (let i = 0; i < n; i += 1) dot += window[i] * reference[lag + i];
    const score = dot / Math.sqrt(windowEnergy * refEnergy[k]);
    if (score > best.score) best = { lag, score };
  }
  const tie = breakTie(best, scores, refEnergy, first, expected);
  if (tie) {
    let dot = 0;
    for (let i = 0; i < n; i += 1) dot += window[i] * reference[tie.lag + i];
    best = { lag: tie.lag, score: dot / Math.sqrt(windowEnergy * refEnergy[tie.lag - first]), ambiguous: true };
    exactLags += 1;
  }
  const log2 = Math.log2(fftSize);
  // two FFTs of 4 multiplies a butterfly, the spectra's product and the inverse's scaling; the energies; the exact sums
  const multiplies = 2 * 2 * fftSize * log2 + 4 * (fftSize / 2 + 1) + 2 * fftSize + 2 * n + 2 * lags + segmentLength(n, lags) + exactLags * n;
  return { alignment: best, work: { multiplies, fftSize, exactLags } };
}

/**
 * When lags away from the best (more than a sample either side) score within TIE_SCORE of it, the
 * one of them nearest `expected`; null when the best is alone, or nothing is expected.
 */
function breakTie(best: Alignment, scores: Float64Array, refEnergy: Float64Array, first: number, expected: number | undefined): { lag: number } | null {
  if (expected === undefined || best.score <= 0) return null;
  let nearest = best.lag;
  let tied = false;
  for (let k = 0; k < scores.length; k += 1) {
    if (!(refEnergy[k] > 0) || scores[k] < best.score - TIE_SCORE) continue;
    const lag = first + k;
    if (Math.abs(lag - best.lag) > 1) tied = true;
    if (Math.abs(lag - expected) < Math.abs(nearest - expected)) nearest = lag;
  }
  if (!tied) return null;
  // the top of that match, not its shoulder (on a low tone a period is hundreds of samples wide)
  let k = nearest - first;
  while (k + 1 < scores.length && scores[k + 1] > scores[k]) k += 1;
  while (k > 0 && scores[k - 1] > scores[k]) k -= 1;
  return { lag: first + k };
}

function segmentLength(n: number, lags: number): number {
  return n + lags - 1;
}

/** The reference's energy over the window at each lag, updated as the brute force updates it (the same rounding). */
function slidingEnergy(reference: Float32Array, first: number, lags: number, n: number): Float64Array {
  const out = new Float64Array(lags);
  let energy = 0;
  for (let i = 0; i < n; i += 1) energy += reference[first + i] * reference[first + i];
  out[0] = energy;
  for (let k = 1; k < lags; k += 1) {
    const outgoing = reference[first + k - 1];
    const incoming = reference[first + k + n - 1];
    energy += incoming * incoming - outgoing * outgoing;
    out[k] = energy;
  }
  return out;
}

/**
 * sum(window[i]·reference[first + k + i]) for k < lags, by one complex FFT of window + i·segment
 * (two real spectra in one), their cross spectrum and one inverse FFT.
 */
function crossCorrelate(window: Float32Array, reference: Float32Array, first: number, lags: number): { corr: Float64Array; fftSize: number } {
  const n = window.length;
  const length = segmentLength(n, lags);
  const size = nextPowerOfTwo(length);
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  for (let i = 0; i < n; i += 1) re[i] = window[i];
  for (let i = 0; i < length; i += 1) im[i] = reference[first + i];
  fft(re, im);
  for (let k = 0; k <= size / 2; k += 1) {
    const mirror = (size - k) % size;
    const [a, b, c, d] = [re[k], im[k], re[mirror], im[mirror]];
    // the window's spectrum W and the segment's R, unpacked from Z = W + iR
    const wr = (a + c) / 2;
    const wi = (b - d) / 2;
    const rr = (b + d) / 2;
    const ri = (c - a) / 2;
    // conj(W)·R: the correlation's spectrum, Hermitian since the correlation is real
    const pr = wr * rr + wi * ri;
    const pi = wr * ri - wi * rr;
    re[k] = pr;
    im[k] = pi;
    re[mirror] = pr;
    im[mirror] = -pi;
  }
  fft(re, im, true);
  return { corr: re.subarray(0, lags), fftSize: size };
}

/** A track's channels mixed to mono (what the tap hears). */
export function monoMix(channels: Float32Array[], from = 0, to = channels[0]?.length ?? 0): Float32Array {
  const out = new Float32Array(Math.max(0, to - from));
  for (const channel of channels) for (let i = from; i < to; i += 1) out[i - from] += channel[i] / channels.length;
  return out;
}
