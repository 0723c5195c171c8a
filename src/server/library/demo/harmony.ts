import type { Groove, NoteName, ScaleName } from './catalogue';

export const PITCH_CLASS: Record<NoteName, number> = {
  C: 0,
  'C#': 1,
  Db: 1,
  D: 2,
  Eb: 3,
  E: 4,
  F: 5,
  'F#': 6,
  G: 7,
  Ab: 8,
  A: 9,
  Bb: 10,
  B: 11,
};

export const SCALES: Record<ScaleName, readonly number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
  lydian: [0, 2, 4, 6, 7, 9, 11],
  phrygian: [0, 1, 3, 5, 7, 8, 10],
  harmonicMinor: [0, 2, 3, 5, 7, 8, 11],
};

/** Chord roots as scale degrees (0 = tonic), one chord per bar. */
export const PROGRESSIONS: readonly (readonly number[])[] = [
  [0, 5, 3, 4],
  [0, 3, 4, 3],
  [0, 4, 5, 3],
  [5, 3, 0, 4],
  [0, 2, 3, 4],
  [0, 6, 5, 4],
  [0, 3, 0, 4],
  [3, 4, 0, 0],
];

export interface DrumPattern {
  kick: readonly number[];
  snare: readonly number[];
  hat: readonly number[];
}

/** Sixteenth-note steps within a bar (16 steps, 12 for the waltz). */
export const DRUMS: Record<Groove, DrumPattern> = {
  backbeat: { kick: [0, 8, 10], snare: [4, 12], hat: [0, 2, 4, 6, 8, 10, 12, 14] },
  fourOnTheFloor: { kick: [0, 4, 8, 12], snare: [4, 12], hat: [2, 6, 10, 14] },
  halfTime: { kick: [0, 6], snare: [8], hat: [0, 2, 4, 6, 8, 10, 12, 14] },
  waltz: { kick: [0], snare: [4, 8], hat: [0, 2, 4, 6, 8, 10] },
  sparse: { kick: [0], snare: [], hat: [8] },
};

/** [step, length in steps, scale degrees above the chord root] */
type BassNote = readonly [number, number, number];
export const BASS: Record<Groove, readonly BassNote[]> = {
  backbeat: [
    [0, 6, 0],
    [6, 2, 0],
    [8, 4, 4],
    [12, 4, 7],
  ],
  fourOnTheFloor: [
    [0, 2, 0],
    [2, 2, 7],
    [4, 2, 0],
    [6, 2, 7],
    [8, 2, 0],
    [10, 2, 7],
    [12, 2, 4],
    [14, 2, 7],
  ],
  halfTime: [
    [0, 10, 0],
    [10, 2, 4],
    [12, 4, 0],
  ],
  waltz: [
    [0, 4, 0],
    [4, 4, 4],
    [8, 4, 2],
  ],
  sparse: [[0, 16, 0]],
};

const mod7 = (n: number) => ((n % 7) + 7) % 7;
export const midiToHz = (m: number) => 440 * 2 ** ((m - 69) / 12);

export function degreeToMidi(base: number, scale: readonly number[], degree: number): number {
  const octave = Math.floor(degree / 7);
  return base + 12 * octave + scale[degree - 7 * octave];
}

function isChordTone(degree: number, root: number): boolean {
  const d = mod7(degree - root);
  return d === 0 || d === 2 || d === 4;
}

export function nearestChordTone(degree: number, root: number): number {
  for (const delta of [0, -1, 1, -2, 2]) if (isChordTone(degree + delta, root)) return degree + delta;
  return degree;
}
