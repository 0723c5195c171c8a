import type { DemoTrack, Groove, NoteName, ScaleName, Waveform } from './catalogue';

export const DEMO_SAMPLE_RATE = 22050;

const PITCH_CLASS: Record<NoteName, number> = {
  C: 0, 'C#': 1, Db: 1, D: 2, Eb: 3, E: 4, F: 5, 'F#': 6, G: 7, Ab: 8, A: 9, Bb: 10, B: 11,
};

const SCALES: Record<ScaleName, readonly number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
  lydian: [0, 2, 4, 6, 7, 9, 11],
  phrygian: [0, 1, 3, 5, 7, 8, 10],
  harmonicMinor: [0, 2, 3, 5, 7, 8, 11],
};

/** Chord roots as scale degrees (0 = tonic), one chord per bar. */
const PROGRESSIONS: readonly (readonly number[])[] = [
  [0, 5, 3, 4],
  [0, 3, 4, 3],
  [0, 4, 5, 3],
  [5, 3, 0, 4],
  [0, 2, 3, 4],
  [0, 6, 5, 4],
  [0, 3, 0, 4],
  [3, 4, 0, 0],
];

interface DrumPattern {
  kick: readonly number[];
  snare: readonly number[];
  hat: readonly number[];
}

/** Sixteenth-note steps within a bar (16 steps, 12 for the waltz). */
const DRUMS: Record<Groove, DrumPattern> = {
  backbeat: { kick: [0, 8, 10], snare: [4, 12], hat: [0, 2, 4, 6, 8, 10, 12, 14] },
  fourOnTheFloor: { kick: [0, 4, 8, 12], snare: [4, 12], hat: [2, 6, 10, 14] },
  halfTime: { kick: [0, 6], snare: [8], hat: [0, 2, 4, 6, 8, 10, 12, 14] },
  waltz: { kick: [0], snare: [4, 8], hat: [0, 2, 4, 6, 8, 10] },
  sparse: { kick: [0], snare: [], hat: [8] },
};

/** [step, length in steps, scale degrees above the chord root] */
type BassNote = readonly [number, number, number];
const BASS: Record<Groove, readonly BassNote[]> = {
  backbeat: [[0, 6, 0], [6, 2, 0], [8, 4, 4], [12, 4, 7]],
  fourOnTheFloor: [[0, 2, 0], [2, 2, 7], [4, 2, 0], [6, 2, 7], [8, 2, 0], [10, 2, 7], [12, 2, 4], [14, 2, 7]],
  halfTime: [[0, 10, 0], [10, 2, 4], [12, 4, 0]],
  waltz: [[0, 4, 0], [4, 4, 4], [8, 4, 2]],
  sparse: [[0, 16, 0]],
};

interface Voice {
  wave: Waveform;
  /** one-pole low-pass cutoff in Hz: tames the aliasing of the naive square and saw */
  cutoff: number;
  attack: number;
  /** time constant of the fall from peak to sustain, in seconds */
  decay: number;
  sustain: number;
  release: number;
}

const BASS_VOICE: Voice = { wave: 'triangle', cutoff: 700, attack: 0.006, decay: 0.25, sustain: 0.55, release: 0.03 };
const PAD_VOICE: Voice = { wave: 'sine', cutoff: 3000, attack: 0.12, decay: 1.5, sustain: 0.7, release: 0.2 };

// Hot loops below avoid Math.* calls: besides their cost, under jest's vm context each such call is
// ~100x slower (about 0.2 µs a call), which turns a one-second render into ten.

const TABLE_SIZE = 4096;
const SINE_TABLE = new Float32Array(TABLE_SIZE + 1);
for (let i = 0; i <= TABLE_SIZE; i++) SINE_TABLE[i] = Math.sin((2 * Math.PI * i) / TABLE_SIZE);

/** sin(2πp) for p in [0, 1), from a table: Math.sin per sample per voice is the bulk of the cost otherwise. */
function sine(p: number): number {
  const x = p * TABLE_SIZE;
  const i = x | 0;
  const a = SINE_TABLE[i];
  return a + (SINE_TABLE[i + 1] - a) * (x - i);
}

function oscillator(wave: Waveform, p: number): number {
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

/** mulberry32: small, fast and good enough for music; the same seed always gives the same song. */
export function createRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** xorshift32 white noise in [-1, 1): one per track, so the drums are the same on every render. */
class Noise {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 0x2545f491;
  }
  next(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state / 2147483648 - 1;
  }
}

/** FNV-1a over UTF-16 code units. */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const mod7 = (n: number) => ((n % 7) + 7) % 7;
const midiToHz = (m: number) => 440 * 2 ** ((m - 69) / 12);

function degreeToMidi(base: number, scale: readonly number[], degree: number): number {
  const octave = Math.floor(degree / 7);
  return base + 12 * octave + scale[degree - 7 * octave];
}

function isChordTone(degree: number, root: number): boolean {
  const d = mod7(degree - root);
  return d === 0 || d === 2 || d === 4;
}

function nearestChordTone(degree: number, root: number): number {
  for (const delta of [0, -1, 1, -2, 2]) if (isChordTone(degree + delta, root)) return degree + delta;
  return degree;
}

function addNote(out: Float32Array, start: number, length: number, hz: number, gain: number, v: Voice, sr: number): void {
  if (length < 2) return;
  const end = Math.min(out.length, start + length);
  const inc = hz / sr;
  const attack = Math.max(1, Math.min(Math.round(v.attack * sr), length >> 1));
  const release = Math.max(1, Math.min(Math.round(v.release * sr), length >> 1));
  const decayMul = Math.exp(-1 / (v.decay * sr));
  const lpA = 1 - Math.exp((-2 * Math.PI * v.cutoff) / sr);
  let phase = 0;
  let lp = 0;
  let fall = 1;
  for (let i = start; i < end; i++) {
    const n = i - start;
    let env = v.sustain + (1 - v.sustain) * fall;
    fall *= decayMul;
    if (n < attack) env *= n / attack;
    const left = length - n;
    if (left < release) env *= left / release;
    lp += lpA * (oscillator(v.wave, phase) - lp);
    out[i] += lp * env * gain;
    phase += inc;
    if (phase >= 1) phase -= 1;
  }
}

/** Linear fade over the last few ms, so a decaying drum never stops on a step. */
function tailGain(n: number, length: number, fadeLen: number): number {
  const left = length - n;
  return left < fadeLen ? left / fadeLen : 1;
}

function addKick(out: Float32Array, start: number, gain: number, sr: number): void {
  const length = Math.round(0.45 * sr);
  const end = Math.min(out.length, start + length);
  const ampMul = Math.exp(-1 / (0.09 * sr));
  const sweepMul = Math.exp(-1 / (0.03 * sr));
  const fade = Math.round(0.01 * sr);
  const attack = Math.round(0.002 * sr);
  let amp = gain;
  let sweep = 1;
  let phase = 0;
  for (let i = start; i < end; i++) {
    const n = i - start;
    out[i] += sine(phase) * amp * (n < attack ? n / attack : 1) * tailGain(n, length, fade);
    phase += (48 + 100 * sweep) / sr;
    if (phase >= 1) phase -= 1;
    amp *= ampMul;
    sweep *= sweepMul;
  }
}

/** Noise burst (first-difference high-passed) with an optional tone body: snares and hats. */
function addNoiseHit(
  out: Float32Array, start: number, seconds: number, tau: number, gain: number, toneHz: number, noise: Noise, sr: number,
): void {
  const length = Math.round(seconds * sr);
  const end = Math.min(out.length, start + length);
  const ampMul = Math.exp(-1 / (tau * sr));
  const fade = Math.round(0.005 * sr);
  const attack = Math.round(0.001 * sr);
  let amp = gain;
  let prev = 0;
  let phase = 0;
  for (let i = start; i < end; i++) {
    const n = i - start;
    const white = noise.next();
    const body = toneHz > 0 ? 0.5 * sine(phase) : 0;
    out[i] += (white - prev + body) * amp * (n < attack ? n / attack : 1) * tailGain(n, length, fade);
    prev = white;
    phase += toneHz / sr;
    if (phase >= 1) phase -= 1;
    amp *= ampMul;
  }
}

interface MelodyNote {
  step: number;
  steps: number;
  degree: number;
}

/** A four-bar phrase over the progression: a random walk on the scale, landing on chord tones on strong beats. */
function composePhrase(rng: () => number, progression: readonly number[], stepsPerBar: number, strongEvery: number): MelodyNote[][] {
  const bars: MelodyNote[][] = [];
  let degree = 2 + Math.floor(rng() * 5);
  const restChance = 0.08 + rng() * 0.12;
  for (let bar = 0; bar < progression.length; bar++) {
    const root = progression[bar];
    const notes: MelodyNote[] = [];
    let step = 0;
    while (step < stepsPerBar) {
      const r = rng();
      let steps = r < 0.15 ? 1 : r < 0.6 ? 2 : r < 0.88 ? 4 : 6;
      steps = Math.min(steps, stepsPerBar - step);
      if (step > 0 && rng() < restChance) {
        step += steps;
        continue;
      }
      const m = rng();
      const move = m < 0.3 ? 1 : m < 0.6 ? -1 : m < 0.72 ? 2 : m < 0.84 ? -2 : m < 0.92 ? 0 : m < 0.96 ? 4 : -3;
      degree = Math.max(-2, Math.min(10, degree + move));
      if (step % strongEvery === 0) degree = nearestChordTone(degree, root);
      notes.push({ step, steps, degree });
      step += steps;
    }
    bars.push(notes);
  }
  // End the phrase at rest on a chord tone, held to the end of the bar.
  const last = bars[bars.length - 1];
  const final = last[last.length - 1];
  final.degree = nearestChordTone(final.degree, progression[progression.length - 1]);
  final.steps = stepsPerBar - final.step;
  return bars;
}

/** The same phrase with a new last bar: an answer rather than a repeat. */
function varyPhrase(rng: () => number, phrase: MelodyNote[][], progression: readonly number[], stepsPerBar: number, strongEvery: number): MelodyNote[][] {
  const fresh = composePhrase(rng, progression, stepsPerBar, strongEvery);
  return [...phrase.slice(0, -1), fresh[fresh.length - 1]];
}

function melodyVoice(wave: Waveform, rng: () => number): Voice {
  const bright = wave === 'square' || wave === 'saw' || wave === 'pulse';
  return {
    wave,
    cutoff: bright ? 1800 + rng() * 1400 : 5000,
    attack: 0.008 + rng() * 0.02,
    decay: 0.15 + rng() * 0.4,
    sustain: 0.45 + rng() * 0.3,
    release: 0.04,
  };
}

/** Renders a track to mono 16-bit PCM. Deterministic: the same spec gives the same samples. */
export function renderTrack(track: DemoTrack, sampleRate = DEMO_SAMPLE_RATE): Int16Array {
  const sr = sampleRate;
  const rng = createRng(hashString(`${track.title}\u0000${track.artist}`));
  const noise = new Noise(hashString(track.title) ^ 0x9e3779b9);
  const total = Math.round(track.durationSec * sr);
  const mix = new Float32Array(total);

  const beatsPerBar = track.groove === 'waltz' ? 3 : 4;
  const stepsPerBar = beatsPerBar * 4;
  const strongEvery = track.groove === 'waltz' ? 4 : 8;
  const stepLen = (sr * 60) / track.bpm / 4;
  const barLen = stepLen * stepsPerBar;
  const bars = Math.ceil(total / barLen);
  const introBars = bars >= 24 ? 4 : 2;

  const scale = SCALES[track.key.scale];
  const pc = PITCH_CLASS[track.key.tonic];
  const melodyBase = 60 + pc;
  const padBase = 48 + pc;
  const bassBase = 36 + pc;

  const progression = PROGRESSIONS[Math.floor(rng() * PROGRESSIONS.length)];
  const lead = melodyVoice(track.waveform, rng);
  const a = composePhrase(rng, progression, stepsPerBar, strongEvery);
  const a2 = varyPhrase(rng, a, progression, stepsPerBar, strongEvery);
  const b = composePhrase(rng, progression, stepsPerBar, strongEvery);
  const form = [a, a2, b, a2];
  const drums = DRUMS[track.groove];
  const at = (barStart: number, step: number) => Math.round(barStart + step * stepLen);

  for (let bar = 0; bar < bars; bar++) {
    const barStart = bar * barLen;
    const root = progression[bar % progression.length];

    for (const third of [0, 2, 4]) {
      addNote(mix, Math.round(barStart), Math.round(barLen), midiToHz(degreeToMidi(padBase, scale, root + third)), 0.06, PAD_VOICE, sr);
    }
    for (const [step, steps, above] of BASS[track.groove]) {
      const hz = midiToHz(degreeToMidi(bassBase, scale, root + above));
      addNote(mix, at(barStart, step), Math.round(steps * stepLen * 0.92), hz, 0.34, BASS_VOICE, sr);
    }

    for (const step of drums.kick) addKick(mix, at(barStart, step), 0.5, sr);
    for (const step of drums.snare) addNoiseHit(mix, at(barStart, step), 0.22, 0.05, 0.16, 185, noise, sr);
    for (const step of drums.hat) addNoiseHit(mix, at(barStart, step), 0.06, 0.012, 0.07, 0, noise, sr);
    // A small fill closes every fourth bar.
    if (bar % 4 === 3 && track.groove !== 'sparse') {
      for (const step of [stepsPerBar - 2, stepsPerBar - 1]) addNoiseHit(mix, at(barStart, step), 0.15, 0.04, 0.12, 200, noise, sr);
    }

    if (bar < introBars) continue;
    const phraseBar = bar - introBars;
    const phrase = form[Math.floor(phraseBar / progression.length) % form.length];
    for (const note of phrase[phraseBar % progression.length]) {
      const hz = midiToHz(degreeToMidi(melodyBase, scale, note.degree));
      addNote(mix, at(barStart, note.step), Math.round(note.steps * stepLen * 0.9), hz, 0.3, lead, sr);
    }
  }

  return finish(mix, sr);
}

/** tanh's Padé approximant: the same gentle knee, several times cheaper than Math.tanh per sample. */
function softClip(x: number): number {
  if (x <= -3) return -1;
  if (x >= 3) return 1;
  const x2 = x * x;
  return (x * (27 + x2)) / (27 + 9 * x2);
}

/** Fades in and out, soft-limits and converts to 16-bit. */
function finish(mix: Float32Array, sr: number): Int16Array {
  const out = new Int16Array(mix.length);
  const fadeIn = Math.round(0.02 * sr);
  const fadeOut = Math.min(Math.round(3 * sr), mix.length >> 1);
  const fadeOutStart = mix.length - fadeOut;
  for (let i = 0; i < mix.length; i++) {
    let x = softClip(mix[i] * 1.1);
    if (i < fadeIn) x *= i / fadeIn;
    if (i >= fadeOutStart) {
      const t = (mix.length - 1 - i) / fadeOut;
      x *= t * t;
    }
    const v = x * 32000;
    out[i] = v < 0 ? v - 0.5 : v + 0.5; // the Int16Array store truncates: this rounds
  }
  return out;
}
