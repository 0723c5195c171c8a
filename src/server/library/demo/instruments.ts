import type { Waveform } from './catalogue';
import { oscillator, sine } from './oscillators';
import type { Noise } from './random';

/** A pitched voice: an oscillator through a low-pass filter and an envelope. */
export interface Voice {
  wave: Waveform;
  /** one-pole low-pass cutoff in Hz: tames the aliasing of the naive square and saw */
  cutoff: number;
  attack: number;
  /** time constant of the fall from peak to sustain, in seconds */
  decay: number;
  sustain: number;
  release: number;
}

export const BASS_VOICE: Voice = { wave: 'triangle', cutoff: 700, attack: 0.006, decay: 0.25, sustain: 0.55, release: 0.03 };
export const PAD_VOICE: Voice = { wave: 'sine', cutoff: 3000, attack: 0.12, decay: 1.5, sustain: 0.7, release: 0.2 };

/** The melody's voice: its wave from the catalogue, the rest drawn from the track's generator. */
export function melodyVoice(wave: Waveform, rng: () => number): Voice {
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

/** Mixes one note of `v` into `out`, from sample `start` for `length` samples. */
export function addNote(out: Float32Array, start: number, length: number, hz: number, gain: number, v: Voice, sr: number): void {
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

export function addKick(out: Float32Array, start: number, gain: number, sr: number): void {
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
export function addNoiseHit(out: Float32Array, start: number, seconds: number, tau: number, gain: number, toneHz: number, noise: Noise, sr: number): void {
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
