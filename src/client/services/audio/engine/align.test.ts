import { findAlignment, monoMix, STRONG_MATCH } from './align';

/** Deterministic white noise (a music-like signal: one place matches). */
function noise(n: number, seed = 7): Float32Array {
  const out = new Float32Array(n);
  let s = seed;
  for (let i = 0; i < n; i += 1) {
    // mulberry32
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    out[i] = ((t ^ (t >>> 14)) >>> 0) / 2 ** 31 - 1;
  }
  return out;
}

describe('findAlignment', () => {
  it('finds a window of noise at its lag, whatever its level', () => {
    const track = noise(48_000);
    const window = track.slice(20_123, 20_123 + 2048).map((v) => v * 0.3);
    const match = findAlignment(window, track, 13_000, 27_000);
    expect(match.lag).toBe(20_123);
    expect(match.score).toBeCloseTo(1, 5);
  });

  it('still finds it under a little added noise, and not outside the search range', () => {
    const track = noise(48_000);
    const hiss = noise(2048, 99);
    const window = track.slice(31_000, 31_000 + 2048).map((v, i) => v + 0.1 * hiss[i]);
    const found = findAlignment(window, track, 30_000, 32_000);
    expect(found.lag).toBe(31_000);
    expect(found.score).toBeGreaterThan(STRONG_MATCH);
    expect(findAlignment(window, track, 0, 20_000).score).toBeLessThan(STRONG_MATCH);
  });

  it('calls silence weak (nothing to align on)', () => {
    const track = noise(10_000);
    expect(findAlignment(new Float32Array(1024), track, 0, 8_000).score).toBe(0);
    expect(findAlignment(track.slice(0, 1024), new Float32Array(10_000), 0, 8_000).score).toBe(0);
  });

  it('for a pure sine any phase-aligned period matches (seamless either way)', () => {
    const period = 100;
    const sine = Float32Array.from({ length: 20_000 }, (_, i) => Math.sin((2 * Math.PI * i) / period));
    const match = findAlignment(sine.slice(5_037, 5_037 + 2048), sine, 4_000, 6_000);
    expect(Math.abs((match.lag - 5_037) % period)).toBe(0);
    expect(match.score).toBeGreaterThan(0.9999);
  });

  it("settles a sine's tie by the expected place: the period it is in, not the one that rounds highest", () => {
    const period = 100;
    const sine = Float32Array.from({ length: 40_000 }, (_, i) => Math.sin((2 * Math.PI * i) / period));
    const window = sine.slice(20_037, 20_037 + 2048);
    // ±0.15 s at 44.1 kHz, as the hand-over searches
    const [from, to] = [20_037 - 6_615, 20_037 + 6_615];
    for (const off of [-40, -3, 0, 12, 45]) {
      const match = findAlignment(window, sine, from, to, 20_037 + off);
      expect(match.lag).toBe(20_037);
      expect(match.ambiguous).toBe(true);
      expect(match.score).toBeGreaterThan(0.9999);
    }
    // expected a period later: that period (every one matches; only the expectation tells them apart)
    expect(findAlignment(window, sine, from, to, 20_137).lag).toBe(20_137);
  });

  it('a low tone: the top of the nearest match, not its shoulder', () => {
    const period = 882; // 50 Hz at 44.1 kHz
    const sine = Float32Array.from({ length: 60_000 }, (_, i) => Math.sin((2 * Math.PI * i) / period));
    const window = sine.slice(30_011, 30_011 + 2048);
    expect(findAlignment(window, sine, 23_000, 37_000, 30_011 + 9).lag).toBe(30_011);
  });

  it('music-like noise has one match: the expectation does not move it', () => {
    const track = noise(48_000);
    const window = track.slice(20_123, 20_123 + 2048);
    const match = findAlignment(window, track, 13_000, 27_000, 21_000);
    expect(match.lag).toBe(20_123);
    expect(match.ambiguous).toBeUndefined();
  });
});

describe('monoMix', () => {
  it('averages the channels over a range', () => {
    const mix = monoMix([Float32Array.from([1, 2, 3]), Float32Array.from([3, 4, 5])], 1, 3);
    expect(Array.from(mix)).toEqual([3, 4]);
  });
});
