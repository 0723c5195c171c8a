import type { AudioGraph } from './audioGraph';
import type { BufferVoice } from './BufferVoice';
import { releaseHandOff, type ElementPool, type PooledElement } from './ElementPool';
import { HandOver } from './handOverRunner';
import type { OutputLevel } from './outputLevel';
import type { Voice } from './Voice';
import type { OffThreadAligner } from './alignOffThread';

/**
 * A track on a pooled audio element: it sounds at once, as the old player did, and once routed
 * (source -> rg -> envelope -> out) it is heard through the context, where the hand-over can silence it.
 * Routed, it starts the hand-over to its decoded copy (handOverRunner.ts), which `handedOver` receives.
 * Its media events reach the listeners through the engine's ElementEvents.
 */
export class ElementVoice implements Voice {
  readonly kind = 'element';
  private readonly handOver: HandOver;

  constructor(
    readonly entry: PooledElement,
    readonly url: string,
    private readonly pool: ElementPool,
    handedOver: (voice: BufferVoice) => void,
    aligner: OffThreadAligner,
    log: (line: string) => void,
  ) {
    this.handOver = new HandOver((_entry, voice) => handedOver(voice), aligner, log);
  }

  /** The pool's element for `url` (the one prepare() pointed at it, if any), made #wavelength-audio, at the listener's level and the track's gain. */
  static take(
    pool: ElementPool,
    url: string,
    setup: {
      level: OutputLevel;
      ctx: AudioContext | null;
      gain: number;
      handedOver: (voice: BufferVoice) => void;
      aligner: OffThreadAligner;
      log: (line: string) => void;
    },
  ): ElementVoice {
    const voice = new ElementVoice(pool.take(url, []), url, pool, setup.handedOver, setup.aligner, setup.log);
    pool.activate(voice.entry);
    setup.level.applyTo(voice.el);
    voice.reset(setup.ctx, setup.gain);
    return voice;
  }

  get el(): HTMLAudioElement {
    return this.entry.el;
  }

  get rg(): GainNode | null {
    return this.entry.rg;
  }

  get envelope(): GainNode | null {
    return this.entry.envelope;
  }

  get playing(): boolean {
    return !this.el.paused && !!this.entry.source;
  }

  /** A reused element starts audible at the track's gain (a hand-over or crossfade may have left its envelope at 0). */
  private reset(ctx: AudioContext | null, gain: number): void {
    releaseHandOff(this.entry);
    if (!this.entry.envelope || !ctx) return;
    this.entry.envelope.gain.cancelScheduledValues(0);
    this.entry.envelope.gain.setValueAtTime(1, ctx.currentTime);
    this.entry.rg!.gain.setValueAtTime(gain, ctx.currentTime);
  }

  /** Routes it into the graph and starts the hand-over; only with a running context (routed, it is silent otherwise). */
  route(graph: AudioGraph, gain: () => number): void {
    if (!this.entry.source) {
      this.pool.route(this.entry, graph.ctx, graph.master);
      this.entry.rg!.gain.value = gain();
    }
    this.handOver.start(this.entry, this.url, graph, gain);
  }

  position(): number {
    return this.el.currentTime;
  }

  endTime(): null {
    return null;
  }

  play(): Promise<void> {
    return this.el.play();
  }

  pause(): void {
    this.el.pause();
  }

  seek(seconds: number): void {
    this.el.currentTime = seconds;
  }

  elements(): PooledElement[] {
    return [this.entry];
  }

  /** Cancels the hand-over; its nodes stay with the pooled element, which is reused. */
  dispose(): void {
    this.handOver.cancel();
  }
}
