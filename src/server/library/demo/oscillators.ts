import type { Waveform } from './catalogue';

// Hot loops in the demo synth avoid Math.* calls: besides their cost, under jest's vm context each such
// call is ~100x slower (about 0.2 µs a call), which turns a one-second render into ten.

const TABLE_SIZE = 4096;
const SINE_TABLE = new Float32Array(TABLE_SIZE + 1);
for (let i = 0; i <= TABLE_SIZE; i++) SINE_TABLE[i] = Math.sin((2 * Math.PI * i) / TABLE_SIZE);

/** sin(2πp) for p in [0, 1), from a table: Math.sin per sample per voice is the bulk of the cost otherwise. */
export function sine(p: number): number {
  const x = p * TABLE_SIZE;
  const i = x | 0;
  const a = SINE_TABLE[i];
  return a + (SINE_TABLE[i + 1] - a) * (x - i);
}

/** One sample of `wave` at phase p in [0, 1). */
export function oscillator(wave: Waveform, p: number): number {
  switch (wave) {
    case 'sine':
      return sine(p);
    case 'triangle':
      return p < 0.5 ? 4 * p - 1 : 3 - 4 * p;
    case 'square':
      return p < 0.5 ? 0.6 : -0.6;
    case 'pulse':
      // 25 % duty cycle with levels chosen so the wave has no DC offset
      return p < 0.25 ? 0.9 : -0.3;
    case 'saw':
      return 1.2 * p - 0.6;
    case 'organ': {
      const p2 = p * 2;
      const p3 = p * 3;
      return 0.6 * sine(p) + 0.3 * sine(p2 - (p2 | 0)) + 0.15 * sine(p3 - (p3 | 0));
    }
  }
}
