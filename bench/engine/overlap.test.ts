import { overlapSeconds } from '../../e2e/support/engineAnalysis';

const SR = 44100;

/** Tone A for `a` s, then B, crossfaded over `fade` s with equal-power curves (as engine/timing.ts), from and to silence; `dropout` s of silence in A at 1 s. */
function crossfaded(a: number, b: number, fade: number, silence: number, dropout = 0): Float32Array {
  const x = new Float32Array(Math.round((silence + a + b - fade + silence) * SR));
  const startB = silence + a - fade;
  for (let i = 0; i < x.length; i += 1) {
    const t = i / SR;
    const inA = t >= silence && t < silence + a && !(t >= silence + 1 && t < silence + 1 + dropout);
    const inB = t >= startB && t < startB + b;
    const p = Math.min(1, Math.max(0, (t - startB) / fade));
    if (inA) x[i] += 0.25 * Math.cos((p * Math.PI) / 2) * Math.sin(2 * Math.PI * 440 * t);
    if (inB) x[i] += 0.25 * Math.sin((p * Math.PI) / 2) * Math.sin(2 * Math.PI * 660 * t);
  }
  return x;
}

describe('overlapSeconds (the crossfade figure of e2e/playback-engine.e2e.ts and the engine bench part)', () => {
  it('measures a 3 s crossfade as 3 s (± 20 ms) when the recording holds the first and the last sound', () => {
    expect(Math.abs(overlapSeconds(crossfaded(4, 4, 3, 0.3), SR, 440, 660) - 3)).toBeLessThanOrEqual(0.02);
  });

  it('gives the same figure whether or not the recording holds the ends', () => {
    const whole = crossfaded(4, 4, 3, 0.3);
    const middle = whole.subarray(Math.round(0.5 * SR), whole.length - Math.round(0.5 * SR));
    expect(Math.abs(overlapSeconds(whole, SR, 440, 660) - overlapSeconds(middle, SR, 440, 660))).toBeLessThanOrEqual(0.01);
  });

  it('does not count a dropout before the crossfade (an element starved of data) as overlap', () => {
    expect(Math.abs(overlapSeconds(crossfaded(4, 4, 3, 0.3, 0.005), SR, 440, 660) - 3)).toBeLessThanOrEqual(0.02);
  });
});
