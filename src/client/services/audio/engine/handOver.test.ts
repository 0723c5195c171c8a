import type { createTap } from './audioGraph';
import type { OffThreadAligner } from './alignOffThread';
import { FrameRing } from './frameRing';
import { locateElement } from './handOver';

const SR = 48_000;
const ctx = { sampleRate: SR, currentTime: 0 } as unknown as AudioContext;
const source = {} as AudioNode;

/** A decoded track of noise-like sound, 3 s long. */
const samples = Float32Array.from({ length: 3 * SR }, (_, i) => Math.sin(i * 0.37) * Math.sin(i * 0.0011));
const buffer = { length: samples.length, numberOfChannels: 1, sampleRate: SR, getChannelData: () => samples } as unknown as AudioBuffer;

/** A tap that has already heard the element play 1 s into the track: its last 4,096 frames. */
const heardTap = (() => {
  const ring = new FrameRing(SR);
  ring.push(0, samples.slice(SR - 4_096, SR));
  return (() => ({ ring, stop: () => {} })) as unknown as typeof createTap;
})();

/** An element 1 s in, playing; `during` runs while the aligner searches. */
function setup(during: (el: HTMLAudioElement) => void) {
  const el = Object.assign(new EventTarget(), { currentTime: 1 + 4_096 / SR, paused: false, seeking: false }) as unknown as HTMLAudioElement;
  const aligner = {
    align: async (_window: Float32Array, _reference: Float32Array, from: number, to: number, expected = from) => {
      during(el);
      return { lag: Math.min(to, Math.max(from, Math.round(expected))), score: 1, inWorker: false };
    },
  } as unknown as OffThreadAligner;
  return { el, aligner };
}

describe('locateElement', () => {
  it('finds the element where it plays when nothing moves it', async () => {
    const { el, aligner } = setup(() => {});
    const place = await locateElement(ctx, source, el, buffer, aligner, null, heardTap);
    expect(place).not.toBeNull();
  });

  it('gives no place when the element was sought while the search ran, even once the seek is over', async () => {
    // the listener drags the seek bar to 1:00 during a hand-over: a place found at 0:01 would take the track back there
    const { el, aligner } = setup((moved) => {
      moved.dispatchEvent(new Event('seeking'));
      Object.assign(moved, { currentTime: 60 });
      moved.dispatchEvent(new Event('seeked'));
    });
    const place = await locateElement(ctx, source, el, buffer, aligner, null, heardTap);
    expect(place).toBeNull();
  });
});
