import { monoMix, STRONG_MATCH } from './align';
import type { OffThreadAligner } from './alignOffThread';
import { createTap } from './audioGraph';
import type { OnsetWatch } from './onsetWatch';

/** Frames compared, and how far around the element's own currentTime the match is searched. */
const WINDOW_FRAMES = 2048;
const SEARCH_SECONDS = 0.15;

/** Where an element voice is in its decoded track: frame `frame` of the context plays sample `lag + (frame - windowFrame)`. */
export interface ElementPlace {
  windowFrame: number;
  lag: number;
  score: number;
  /** whether the search ran in the worker (else on the main thread) */
  inWorker: boolean;
  /** other places matched as well (a steady tone): the one nearest where the element was expected was taken */
  ambiguous: boolean;
  /** whether that expectation came from the element's first sound (exact) rather than its currentTime */
  anchored: boolean;
  /** how far (samples) the match is from that expectation */
  offBy: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Finds, sample-exactly, where a routed element is in `buffer` (docs/product.md §2.14): taps its
 * source with the worklet, then cross-correlates the last WINDOW_FRAMES heard against the decoded
 * track around the element's currentTime (in a worker: OffThreadAligner). Where several places match
 * alike (a steady tone), the one nearest the element's first sound (`onset`) is taken, else the one
 * nearest its currentTime. Null when the match is weak (silence) or the element stopped.
 */
export async function locateElement(
  ctx: AudioContext,
  source: AudioNode,
  el: HTMLAudioElement,
  buffer: AudioBuffer,
  aligner: OffThreadAligner,
  onset: OnsetWatch | null = null,
  tapOn: typeof createTap = createTap,
): Promise<ElementPlace | null> {
  const sr = ctx.sampleRate;
  const tap = tapOn(ctx, source, 1);
  // a seek that starts and ends while the worker searches leaves no trace in el.seeking
  let moved = false;
  const onSeeking = () => (moved = true);
  el.addEventListener('seeking', onSeeking);
  try {
    const startFrame = Math.round(ctx.currentTime * sr);
    for (let i = 0; i < 20 && tap.ring.latestFrame < startFrame + WINDOW_FRAMES + sr * 0.02; i += 1) await sleep(40);
    const elTime = el.currentTime;
    const frameNow = Math.round(ctx.currentTime * sr);
    const windowFrame = tap.ring.latestFrame - WINDOW_FRAMES;
    const window = tap.ring.read(windowFrame, windowFrame + WINDOW_FRAMES);
    if (!window || el.paused || el.seeking || moved) return null;
    const estimate = (elTime - (frameNow - windowFrame) / sr) * sr;
    const from = Math.max(0, Math.floor(estimate - SEARCH_SECONDS * sr));
    const to = Math.min(buffer.length - WINDOW_FRAMES, Math.ceil(estimate + SEARCH_SECONDS * sr));
    if (to <= from) return null;
    const channels = Array.from({ length: buffer.numberOfChannels }, (_, c) => buffer.getChannelData(c));
    const reference = monoMix(channels, from, to + WINDOW_FRAMES);
    const anchor = onset?.anchor(channels) ?? null;
    const expected = anchor ? anchor.sample + (windowFrame - anchor.frame) : estimate;
    const match = await aligner.align(window, reference, 0, to - from, expected - from);
    // the element may have moved while the worker searched: its place is stale then
    if (el.paused || el.seeking || moved) return null;
    if (match.score < STRONG_MATCH) return null;
    const lag = from + match.lag;
    return {
      windowFrame,
      lag,
      score: match.score,
      inWorker: match.inWorker,
      ambiguous: !!match.ambiguous,
      anchored: !!anchor,
      offBy: Math.round(lag - expected),
    };
  } finally {
    el.removeEventListener('seeking', onSeeking);
    tap.stop();
  }
}
