import { nearestChordTone } from './harmony';

export interface MelodyNote {
  step: number;
  steps: number;
  degree: number;
}

/** A four-bar phrase over the progression: a random walk on the scale, landing on chord tones on strong beats. */
export function composePhrase(rng: () => number, progression: readonly number[], stepsPerBar: number, strongEvery: number): MelodyNote[][] {
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
export function varyPhrase(
  rng: () => number,
  phrase: MelodyNote[][],
  progression: readonly number[],
  stepsPerBar: number,
  strongEvery: number,
): MelodyNote[][] {
  const fresh = composePhrase(rng, progression, stepsPerBar, strongEvery);
  return [...phrase.slice(0, -1), fresh[fresh.length - 1]];
}
