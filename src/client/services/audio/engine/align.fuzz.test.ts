import { alignWithWork, findAlignment } from './align';
import { findAlignmentBruteForce } from './alignBruteForce';

/** mulberry32: a seeded generator of 0..1, so every failure replays. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Music-like: a few partials under a swelling envelope, a little noise, a quiet stretch and a fade-in. */
function realish(length: number, rand: () => number): Float32Array {
  const partials = Array.from({ length: 1 + Math.floor(rand() * 6) }, () => ({ f: 40 + rand() * 4000, a: rand(), p: rand() * 2 * Math.PI }));
  const quietFrom = Math.floor(rand() * length);
  const quietTo = quietFrom + Math.floor(rand() * length * 0.2);
  const fadeIn = Math.floor(rand() * length * 0.3);
  const noise = rand() * 0.05;
  return Float32Array.from({ length }, (_, i) => {
    let v = 0;
    for (const { f, a, p } of partials) v += a * Math.sin((2 * Math.PI * f * i) / 44_100 + p);
    v *= 0.6 + 0.4 * Math.sin(i / 3000);
    v += noise * (rand() * 2 - 1);
    if (i < fadeIn) v *= i / fadeIn;
    if (i >= quietFrom && i < quietTo) v *= 1e-4;
    return v;
  });
}

function whiteNoise(length: number, rand: () => number): Float32Array {
  return Float32Array.from({ length }, () => rand() * 2 - 1);
}

/** A window taken from the track (maybe scaled, maybe with hiss), or unrelated noise. */
function windowOf(track: Float32Array, n: number, rand: () => number): Float32Array {
  const at = Math.floor(rand() * (track.length - n));
  const gain = 0.05 + rand();
  const hiss = rand() < 0.5 ? 0 : rand() * 0.3;
  if (rand() < 0.15) return whiteNoise(n, rand);
  return track.slice(at, at + n).map((v) => v * gain + hiss * (rand() * 2 - 1));
}

describe('findAlignment (FFT) against the brute force', () => {
  const cases: [string, (length: number, rand: () => number) => Float32Array][] = [
    ['white noise', whiteNoise],
    ['music-like signals', realish],
    [
      'pure sines (many near-equal lags)',
      (length, rand) => {
        const period = 20 + rand() * 200;
        return Float32Array.from({ length }, (_, i) => Math.sin((2 * Math.PI * i) / period));
      },
    ],
    [
      'a loop repeated sample for sample (equal best lags: the first wins)',
      (length, rand) => {
        const loop = whiteNoise(1_500 + Math.floor(rand() * 3_000), rand);
        return Float32Array.from({ length }, (_, i) => loop[i % loop.length]);
      },
    ],
  ];

  it.each(cases)('gives the same lag and score on %s', (_name, make) => {
    for (let seed = 1; seed <= 12; seed += 1) {
      const rand = random(seed);
      const track = make(6_000 + Math.floor(rand() * 20_000), rand);
      const n = [256, 1000, 2048][seed % 3];
      const window = windowOf(track, n, rand);
      const from = Math.floor(rand() * track.length * 0.5) - 500;
      const to = from + Math.floor(rand() * (track.length - from));
      expect({ seed, ...findAlignment(window, track, from, to) }).toEqual({ seed, ...findAlignmentBruteForce(window, track, from, to) });
    }
  });

  it("gives the same answer at the hand-over's size (2048 frames over ±0.15 s at 44.1 kHz) for a fraction of the work", () => {
    const rand = random(2026);
    const track = realish(2048 + 13_230, rand);
    const window = track.slice(6_000, 6_000 + 2048).map((v) => v * 0.7);
    const { alignment, work } = alignWithWork(window, track, 0, 13_230);
    expect(alignment).toEqual(findAlignmentBruteForce(window, track, 0, 13_230));
    expect(alignment.lag).toBe(6_000);
    expect(work.fftSize).toBe(16_384);
    expect(work.multiplies).toBeLessThan((2048 * 13_231) / 20);
  });

  it('agrees on silence and on a range past the reference', () => {
    const rand = random(5);
    const track = whiteNoise(5_000, rand);
    const silent = new Float32Array(5_000);
    for (const [w, r, from, to] of [
      [new Float32Array(512), track, 0, 4_000],
      [track.slice(0, 512), silent, 0, 4_000],
      [track.slice(100, 612), track, 4_800, 6_000],
      [track.slice(100, 612), track, -50, 300],
    ] as const)
      expect(findAlignment(w, r, from, to)).toEqual(findAlignmentBruteForce(w, r, from, to));
  });
});
