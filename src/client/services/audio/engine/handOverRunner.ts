import type { AudioGraph } from './audioGraph';
import { BufferVoice } from './BufferVoice';
import { fetchAndDecode, MAX_DECODE_SECONDS } from './decode';
import { releaseHandOff, type PooledElement } from './ElementPool';
import type { OffThreadAligner } from './alignOffThread';
import { handOffSwitch } from './handOffSwitch';
import { locateElement, type ElementPlace } from './handOver';
import { OnsetWatch } from './onsetWatch';

/** Tries this many times, this far apart, before the track stays on its element (a weak match: silence). */
const ATTEMPTS = 4;
const RETRY_MS = 600;
/** how far ahead of now the buffer voice takes over */
const LEAD_SECONDS = 0.1;
/** the buffer voice starts this many frames before it takes over, silent until the switch */
const PREROLL_FRAMES = 1024;

/** how often the hand-over looks whether its element has started to sound */
const SOUNDING_POLL_MS = 25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The hybrid hand-over (docs/product.md §2.14): while the element plays, its track is fetched and
 * decoded; then the element is located sample-exactly in the decoded copy and a buffer voice takes
 * over at a frame a little ahead, the element's envelope dropping to 0 on that same frame (one switch
 * drives both: handOffSwitch.ts).
 */
export class HandOver {
  private running: { entry: PooledElement; abort: AbortController } | null = null;

  constructor(
    private readonly done: (entry: PooledElement, voice: BufferVoice) => void,
    private readonly aligner: OffThreadAligner,
    private readonly log: (line: string) => void = () => {},
  ) {}

  start(entry: PooledElement, url: string, graph: AudioGraph, gain: () => number): void {
    if (this.running?.entry === entry) return;
    this.cancel();
    const abort = new AbortController();
    this.running = { entry, abort };
    void this.run(entry, url, graph, gain, abort.signal).catch(() => {});
  }

  cancel(): void {
    this.running?.abort.abort();
    this.running = null;
  }

  private async run(entry: PooledElement, url: string, graph: AudioGraph, gain: () => number, signal: AbortSignal): Promise<void> {
    if (!(await graph.worklet) || signal.aborted || !entry.source) return;
    // routed as it starts: its first sound will say exactly where it is
    const onset = new OnsetWatch(graph.ctx, entry.source, entry.el);
    try {
      await this.handOver(entry, url, graph, gain, signal, onset);
    } finally {
      onset.dispose();
    }
  }

  private async handOver(entry: PooledElement, url: string, graph: AudioGraph, gain: () => number, signal: AbortSignal, onset: OnsetWatch): Promise<void> {
    const { ctx } = graph;
    const el = entry.el;
    // the decoded copy is fetched once the element sounds, keeping its request and the decoder off the
    // first sound's path (docs/product.md §2.14): click-to-sound over 24 runs here, p50 67.5 -> 63 ms, max 92 -> 82 ms
    while (!signal.aborted && !(el.duration > 0 && el.currentTime > 0)) await sleep(SOUNDING_POLL_MS);
    if (signal.aborted || !(el.duration <= MAX_DECODE_SECONDS)) return;
    const buffer = await fetchAndDecode(ctx, url, signal);
    if (!buffer) return this.log('hand-over: not decoded (too long)');
    this.log(`hand-over: decoded at element ${el.currentTime.toFixed(3)} s`);
    for (let attempt = 0; attempt < ATTEMPTS && !signal.aborted; attempt += 1) {
      if (el.paused || !entry.source || ctx.state !== 'running') {
        await sleep(RETRY_MS);
        attempt -= el.paused ? 1 : 0;
        continue;
      }
      const place = await locateElement(ctx, entry.source, el, buffer, this.aligner, onset);
      if (signal.aborted) return;
      this.log(`hand-over: attempt ${attempt + 1} ${place ? describePlace(place, ctx.sampleRate) : 'weak match'}`);
      if (!place) {
        await sleep(RETRY_MS);
        continue;
      }
      const sr = ctx.sampleRate;
      const frame = Math.ceil((ctx.currentTime + LEAD_SECONDS) * sr);
      const position = (place.lag + (frame - place.windowFrame)) / sr;
      if (position >= buffer.duration - LEAD_SECONDS) return this.log('hand-over: too late in the track');
      const voice = new BufferVoice(ctx, buffer, url, graph.bufferOut, gain());
      // started ahead and silent, it is already playing on whatever frame the switch lands
      const preroll = Math.min(PREROLL_FRAMES, Math.floor(position * sr));
      voice.start((frame - preroll) / sr, position - preroll / sr);
      entry.envelope!.gain.cancelScheduledValues(0);
      releaseHandOff(entry);
      entry.handOff = handOffSwitch(ctx, entry.envelope!.gain, voice.handIn.gain, frame / sr);
      this.running = null;
      this.log(`hand-over: buffer voice from ${position.toFixed(4)} s at context ${(frame / sr).toFixed(4)} s`);
      this.done(entry, voice);
      return;
    }
  }
}

/** The log's line for a match: its score, where it was searched, and how a tie was settled. */
function describePlace(place: ElementPlace, sampleRate: number): string {
  const where = place.inWorker ? ' (worker)' : '';
  const from = `${((place.offBy / sampleRate) * 1000).toFixed(2)} ms from ${place.anchored ? 'the first sound' : "the element's currentTime"}`;
  return `score ${place.score.toFixed(4)}${where}, ${place.ambiguous ? 'a tie settled' : 'one match'}, ${from}`;
}
