import { alignWithWork, type Alignment } from '../../src/client/services/audio/engine/align';
import { findAlignmentBruteForce } from '../../src/client/services/audio/engine/alignBruteForce';

/** The hand-over's search (engine/handOver.ts): 2048 frames heard, ±0.15 s around the element's currentTime. */
const SAMPLE_RATE = 44_100;
const WINDOW = 2048;
const LAGS = Math.round(2 * 0.15 * SAMPLE_RATE);

export interface AlignmentCost {
  multiplies: number;
  /** median wall time of one search, ms */
  ms: number;
}

export interface AlignmentBench {
  window: number;
  lags: number;
  bruteForce: AlignmentCost;
  /** exactLags: the most lags any run summed exactly after the FFT */
  fft: AlignmentCost & { fftSize: number; exactLags: number };
  /** both gave the same lag and score on every run's signal */
  same: boolean;
}

/** Music-like: a chord of partials under a slow swell, with a little noise (seeded). */
function musicLike(length: number, seed: number): Float32Array {
  let s = seed;
  const rand = () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
  const partials = Array.from({ length: 5 }, () => ({ f: 80 + rand() * 3000, a: 0.2 + rand(), p: rand() * 6.28 }));
  return Float32Array.from({ length }, (_, i) => {
    let v = 0;
    for (const { f, a, p } of partials) v += a * Math.sin((2 * Math.PI * f * i) / SAMPLE_RATE + p);
    return v * (0.6 + 0.4 * Math.sin(i / 5000)) * 0.2 + 0.02 * (rand() * 2 - 1);
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function timeRuns(runs: number, search: (seed: number) => Alignment): { ms: number; results: Alignment[] } {
  const times: number[] = [];
  const results: Alignment[] = [];
  for (let run = -2; run < runs; run += 1) {
    const started = performance.now();
    const result = search(run);
    if (run >= 0) {
      times.push(performance.now() - started);
      results.push(result);
    }
  }
  return { ms: median(times), results };
}

/**
 * One hand-over's alignment in node, before (the brute force, kept as the reference) and after
 * (the FFT search the worker runs): multiplications and median wall time, on music-like signals.
 */
export function benchAlignment(runs = 9): AlignmentBench {
  const signals = Array.from({ length: runs + 2 }, (_, i) => {
    const reference = musicLike(LAGS + WINDOW, 100 + i);
    const at = 1000 + ((i * 997) % (LAGS - 2000));
    return { reference, window: reference.slice(at, at + WINDOW).map((v) => v * 0.8) };
  });
  const pick = (run: number) => signals[run + 2];
  const brute = timeRuns(runs, (run) => findAlignmentBruteForce(pick(run).window, pick(run).reference, 0, LAGS));
  let work = { multiplies: 0, fftSize: 0, exactLags: 0 };
  const fft = timeRuns(runs, (run) => {
    const { alignment, work: w } = alignWithWork(pick(run).window, pick(run).reference, 0, LAGS);
    work = { ...w, exactLags: Math.max(work.exactLags, w.exactLags) };
    return alignment;
  });
  const same = brute.results.every((r, i) => r.lag === fft.results[i].lag && r.score === fft.results[i].score);
  // window energy, the sliding reference energy (n, then 2 a lag), and n per lag
  const bruteMultiplies = WINDOW + WINDOW + 2 * LAGS + (LAGS + 1) * WINDOW;
  return {
    window: WINDOW,
    lags: LAGS + 1,
    bruteForce: { multiplies: bruteMultiplies, ms: brute.ms },
    fft: { multiplies: work.multiplies, ms: fft.ms, fftSize: work.fftSize, exactLags: work.exactLags },
    same,
  };
}
