/** Measures on tapped output (mono samples at `sr`), for e2e/playback-engine.e2e.ts. */

/** The longest run of samples quieter than `threshold`, in ms (a gap between tracks). */
export function longestSilenceMs(x: ArrayLike<number>, sr: number, threshold: number): number {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < x.length; i += 1) {
    run = Math.abs(x[i]) < threshold ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return (longest / sr) * 1000;
}

/** Amplitude of `freq` in [from, to) (a Hann-windowed single-bin DFT), as a sine's peak amplitude. */
export function toneAmplitude(x: ArrayLike<number>, from: number, to: number, freq: number, sr: number): number {
  let re = 0;
  let im = 0;
  let weights = 0;
  const n = to - from;
  const w = (2 * Math.PI * freq) / sr;
  for (let i = from; i < to; i += 1) {
    const hann = 0.5 - 0.5 * Math.cos((2 * Math.PI * (i - from)) / (n - 1));
    re += hann * x[i] * Math.cos(w * i);
    im -= hann * x[i] * Math.sin(w * i);
    weights += hann;
  }
  return (2 * Math.hypot(re, im)) / weights;
}

/**
 * How long `x` departs from one continuous sine of `freq`: fits amplitude and phase on the first
 * `fitFrames`, then counts the samples whose residual exceeds `tolerance` of the amplitude (ms).
 * A gap, a click or a phase jump all count; a seamless join counts ~0.
 */
export function discontinuityMs(x: ArrayLike<number>, sr: number, freq: number, fitFrames: number, tolerance = 0.2): number {
  const w = (2 * Math.PI * freq) / sr;
  let a = 0;
  let b = 0;
  for (let i = 0; i < fitFrames; i += 1) {
    a += x[i] * Math.sin(w * i);
    b += x[i] * Math.cos(w * i);
  }
  a = (2 * a) / fitFrames;
  b = (2 * b) / fitFrames;
  const amplitude = Math.hypot(a, b);
  let bad = 0;
  for (let i = 0; i < x.length; i += 1) if (Math.abs(x[i] - (a * Math.sin(w * i) + b * Math.cos(w * i))) > tolerance * amplitude) bad += 1;
  return (bad / sr) * 1000;
}

/** RMS level in dBFS over [from, to). */
export function rmsDb(x: ArrayLike<number>, from = 0, to = x.length): number {
  let sum = 0;
  for (let i = from; i < to; i += 1) sum += x[i] * x[i];
  return 10 * Math.log10(sum / Math.max(1, to - from) + 1e-20);
}

/**
 * How long two tones sound together (a crossfade), in seconds: the longest run of 10 ms steps whose
 * 40 ms Hann block holds both above `fraction` of their own full amplitude (the window keeps
 * 440/660 Hz leakage under -60 dB). A block that holds a tone starting from or stopping to silence
 * (the recording's first and last sound, or an element starved of data) spreads over every
 * frequency, 1-4 % of full level at the other tone's: counted as overlap, the first sound's and the
 * last's added 30 ms each (issue 31: the 3.05-3.06 s measured through the app, whose recording held
 * both, against 3.00-3.03 s for the engine's, which seldom held the last). The crossfade is one run.
 */
export function overlapSeconds(x: ArrayLike<number>, sr: number, f1: number, f2: number, fraction = 0.005): number {
  const hop = Math.round(sr * 0.01);
  const block = 4 * hop;
  const a1: number[] = [];
  const a2: number[] = [];
  for (let from = 0; from + block <= x.length; from += hop) {
    a1.push(toneAmplitude(x, from, from + block, f1, sr));
    a2.push(toneAmplitude(x, from, from + block, f2, sr));
  }
  const full1 = Math.max(...a1);
  const full2 = Math.max(...a2);
  let longest = 0;
  let run = 0;
  for (let i = 0; i < a1.length; i += 1) {
    run = a1[i] > fraction * full1 && a2[i] > fraction * full2 ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return (longest * hop) / sr;
}
