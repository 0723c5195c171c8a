import type { DemoTrack } from './catalogue';
import { BASS, DRUMS, PITCH_CLASS, PROGRESSIONS, SCALES, degreeToMidi, midiToHz, type DrumPattern } from './harmony';
import { addKick, addNoiseHit, addNote, BASS_VOICE, melodyVoice, PAD_VOICE, type Voice } from './instruments';
import { composePhrase, varyPhrase, type MelodyNote } from './melody';
import { createRng, hashString, Noise } from './random';

export const DEMO_SAMPLE_RATE = 22050;

/** Everything about a track decided before a sample is written: its meter, harmony and tune. */
interface Arrangement {
  track: DemoTrack;
  sr: number;
  bars: number;
  introBars: number;
  stepsPerBar: number;
  /** samples per sixteenth-note step, and per bar */
  stepLen: number;
  barLen: number;
  scale: readonly number[];
  /** MIDI notes of the tonic for each part */
  base: { melody: number; pad: number; bass: number };
  progression: readonly number[];
  drums: DrumPattern;
  lead: Voice;
  /** the phrases in play order (A A' B A'), four bars each */
  form: MelodyNote[][][];
}

/** Decides the arrangement; the track's generator is drawn from in a fixed order, so the same spec gives the same tune. */
function arrange(track: DemoTrack, sr: number, total: number): Arrangement {
  const rng = createRng(hashString(`${track.title}\u0000${track.artist}`));
  const stepsPerBar = (track.groove === 'waltz' ? 3 : 4) * 4;
  const strongEvery = track.groove === 'waltz' ? 4 : 8;
  const stepLen = (sr * 60) / track.bpm / 4;
  const barLen = stepLen * stepsPerBar;
  const bars = Math.ceil(total / barLen);
  const pc = PITCH_CLASS[track.key.tonic];
  const progression = PROGRESSIONS[Math.floor(rng() * PROGRESSIONS.length)];
  const lead = melodyVoice(track.waveform, rng);
  const a = composePhrase(rng, progression, stepsPerBar, strongEvery);
  const a2 = varyPhrase(rng, a, progression, stepsPerBar, strongEvery);
  const b = composePhrase(rng, progression, stepsPerBar, strongEvery);
  return {
    track,
    sr,
    bars,
    introBars: bars >= 24 ? 4 : 2,
    stepsPerBar,
    stepLen,
    barLen,
    scale: SCALES[track.key.scale],
    base: { melody: 60 + pc, pad: 48 + pc, bass: 36 + pc },
    progression,
    drums: DRUMS[track.groove],
    lead,
    form: [a, a2, b, a2],
  };
}

/** Pad chord, bass line and drums of one bar. */
function addBackingBar(mix: Float32Array, plan: Arrangement, bar: number, noise: Noise): void {
  const { sr, stepLen, barLen, scale, base, drums, stepsPerBar } = plan;
  const barStart = bar * barLen;
  const at = (step: number) => Math.round(barStart + step * stepLen);
  const root = plan.progression[bar % plan.progression.length];
  for (const third of [0, 2, 4]) {
    addNote(mix, Math.round(barStart), Math.round(barLen), midiToHz(degreeToMidi(base.pad, scale, root + third)), 0.06, PAD_VOICE, sr);
  }
  for (const [step, steps, above] of BASS[plan.track.groove]) {
    const hz = midiToHz(degreeToMidi(base.bass, scale, root + above));
    addNote(mix, at(step), Math.round(steps * stepLen * 0.92), hz, 0.34, BASS_VOICE, sr);
  }
  for (const step of drums.kick) addKick(mix, at(step), 0.5, sr);
  for (const step of drums.snare) addNoiseHit(mix, at(step), 0.22, 0.05, 0.16, 185, noise, sr);
  for (const step of drums.hat) addNoiseHit(mix, at(step), 0.06, 0.012, 0.07, 0, noise, sr);
  // A small fill closes every fourth bar.
  if (bar % 4 === 3 && plan.track.groove !== 'sparse') {
    for (const step of [stepsPerBar - 2, stepsPerBar - 1]) addNoiseHit(mix, at(step), 0.15, 0.04, 0.12, 200, noise, sr);
  }
}

/** The melody of one bar (none during the intro). */
function addMelodyBar(mix: Float32Array, plan: Arrangement, bar: number): void {
  if (bar < plan.introBars) return;
  const { stepLen, progression, form } = plan;
  const barStart = bar * plan.barLen;
  const phraseBar = bar - plan.introBars;
  const phrase = form[Math.floor(phraseBar / progression.length) % form.length];
  for (const note of phrase[phraseBar % progression.length]) {
    const hz = midiToHz(degreeToMidi(plan.base.melody, plan.scale, note.degree));
    addNote(mix, Math.round(barStart + note.step * stepLen), Math.round(note.steps * stepLen * 0.9), hz, 0.3, plan.lead, plan.sr);
  }
}

/** Renders a track to mono 16-bit PCM. Deterministic: the same spec gives the same samples. */
export function renderTrack(track: DemoTrack, sampleRate = DEMO_SAMPLE_RATE): Int16Array {
  const noise = new Noise(hashString(track.title) ^ 0x9e3779b9);
  const mix = new Float32Array(Math.round(track.durationSec * sampleRate));
  const plan = arrange(track, sampleRate, mix.length);
  for (let bar = 0; bar < plan.bars; bar++) {
    addBackingBar(mix, plan, bar, noise);
    addMelodyBar(mix, plan, bar);
  }
  return finish(mix, sampleRate);
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
