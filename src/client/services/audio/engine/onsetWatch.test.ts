import type { createTap } from './audioGraph';
import { FrameRing } from './frameRing';
import { firstSound, OnsetWatch } from './onsetWatch';

/** A tap the test feeds: the chunks a worklet would post, frame by frame. */
function fakeTap() {
  let onChunk: ((frame: number, samples: Float32Array) => void) | undefined;
  let stopped = false;
  const tapOn = ((_ctx, _source, _seconds, chunk) => {
    onChunk = chunk;
    return {
      ring: new FrameRing(16),
      stop: () => {
        stopped = true;
      },
    };
  }) as typeof createTap;
  const feed = (frame: number, samples: number[]) => onChunk?.(frame, Float32Array.from(samples));
  return { tapOn, feed, stopped: () => stopped };
}

const ctx = {} as BaseAudioContext;
const source = {} as AudioNode;
const silence = (n: number) => new Array<number>(n).fill(0);
/** a decoded track: 10 silent samples, then sound */
const track = [Float32Array.from([...silence(10), 0.5, -0.5, 0.5])];

describe('OnsetWatch', () => {
  it("ties the first frame heard after silence to the track's first sound, then stops tapping", () => {
    const el = document.createElement('audio');
    const tap = fakeTap();
    const watch = new OnsetWatch(ctx, source, el, tap.tapOn);
    tap.feed(1_000, silence(128));
    tap.feed(1_128, [...silence(40), 0.3, 0.2]);
    expect(watch.anchor(track)).toEqual({ frame: 1_168, sample: 10 });
    expect(tap.stopped()).toBe(true);
  });

  it('gives no anchor when the tap heard sound at once (it came too late: the track was already playing)', () => {
    const el = document.createElement('audio');
    const tap = fakeTap();
    const watch = new OnsetWatch(ctx, source, el, tap.tapOn);
    tap.feed(5_000, [0.4, 0.1, ...silence(126)]);
    tap.feed(5_128, [...silence(64), 0.3]);
    expect(watch.anchor(track)).toBeNull();
  });

  it('gives no anchor once the run breaks after the first sound (a pause, a seek, a stall)', () => {
    for (const type of ['pause', 'seeking', 'waiting']) {
      const el = document.createElement('audio');
      const tap = fakeTap();
      const watch = new OnsetWatch(ctx, source, el, tap.tapOn);
      tap.feed(0, [...silence(64), 0.3]);
      el.dispatchEvent(new Event(type));
      expect(watch.anchor(track)).toBeNull();
    }
  });

  it('keeps the anchor when the element only paused before its first sound; a seek before it breaks it', () => {
    const paused = document.createElement('audio');
    const tap = fakeTap();
    const watch = new OnsetWatch(ctx, source, paused, tap.tapOn);
    paused.dispatchEvent(new Event('pause'));
    tap.feed(0, [...silence(64), 0.3]);
    expect(watch.anchor(track)).toEqual({ frame: 64, sample: 10 });

    const sought = document.createElement('audio');
    const other = fakeTap();
    const broken = new OnsetWatch(ctx, source, sought, other.tapOn);
    sought.dispatchEvent(new Event('seeking'));
    other.feed(0, [...silence(64), 0.3]);
    expect(broken.anchor(track)).toBeNull();
  });

  it('firstSound: the first sample whose mono mix is above -60 dBFS; -1 for silence', () => {
    expect(firstSound([Float32Array.from([0, 0.0005, 0.01]), Float32Array.from([0, 0.0005, 0.01])])).toBe(2);
    // opposite channels cancel in the mono mix the tap hears
    expect(firstSound([Float32Array.from([0.5, 0.5]), Float32Array.from([-0.5, 0.2])])).toBe(1);
    expect(firstSound([new Float32Array(8)])).toBe(-1);
  });
});
