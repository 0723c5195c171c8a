import type { AudioEvent, AudioService, NextTrackPlan } from './AudioService';
import { createAudioGraph, type AudioGraph } from './engine/audioGraph';
import { BufferVoice } from './engine/BufferVoice';
import { ElementPool, finishShadow, mirror, type PooledElement } from './engine/ElementPool';
import { ElementEvents } from './engine/elementEvents';
import { HandOver } from './engine/handOverRunner';
import { loadElement, REPLACED } from './engine/loadElement';
import { NextScheduler } from './engine/NextScheduler';
import type { WebAudioEngineOptions } from './engine/outputTap';

const NO_URL = 'No audio URL provided';
const TICK_MS = 250;
const GAIN_RAMP_SECONDS = 0.02;

type Current = { kind: 'element'; entry: PooledElement; url: string } | { kind: 'buffer'; voice: BufferVoice; shadow: PooledElement | null; url: string };

/**
 * The playback engine (docs/product.md §2.14): a track starts at once on a pooled audio element; once
 * its decoded copy is ready it is handed over, sample-exactly, to a buffer voice on the audio clock,
 * so the next track (setNext) starts gapless, crossfaded or at a radio boundary without a gap.
 */
export class WebAudioEngine implements AudioService {
  private readonly listeners = new Set<(event: AudioEvent) => void>();
  private readonly pool: ElementPool;
  private graph: AudioGraph | null = null;
  private current: Current | null = null;
  private generation = 0;
  private cancelPending: (() => void) | null = null;
  private volume = 1;
  private muted = false;
  private trackGain = 1;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private readonly next: NextScheduler;
  private readonly handOver: HandOver;
  /** what the hand-over did, for tests and benchmarks (window.wavelengthAudio) */
  readonly debugLog: string[] = [];

  constructor(private readonly options: WebAudioEngineOptions = {}) {
    this.pool = new ElementPool(document, (entry) => new ElementEvents(entry.el, (event) => this.isCurrentElement(entry) && this.emit(event)));
    this.pool.activate(this.pool.take('', []));
    this.next = new NextScheduler({
      graph: () => this.graph,
      currentTimeline: () => this.timeline(),
      advanced: (voice, plan, fade) => this.advance(voice, plan, fade),
    });
    this.handOver = new HandOver(
      (entry, voice) => this.handedOver(entry, voice),
      (line) => this.debugLog.push(line),
    );
  }

  private emit(event: AudioEvent): void {
    this.listeners.forEach((l) => l(event));
  }

  private isCurrentElement(entry: PooledElement): boolean {
    return this.current?.kind === 'element' && this.current.entry === entry;
  }

  private ensureGraph(): AudioGraph {
    if (this.graph) return this.graph;
    const graph = createAudioGraph(this.options.workletUrl);
    this.graph = graph;
    graph.bufferOut.gain.value = this.muted ? 0 : this.volume;
    this.options.outputTap?.attachGraph(graph);
    // a routed element is heard only through a running context: route when it runs, even mid-play
    graph.ctx.addEventListener('statechange', () => {
      this.routeCurrent();
      if (!this.next.pending) this.next.reschedule();
    });
    return graph;
  }

  private routeCurrent(): void {
    const graph = this.graph;
    if (!graph || graph.ctx.state !== 'running' || this.current?.kind !== 'element') return;
    const entry = this.current.entry;
    if (!entry.source) {
      this.pool.route(entry, graph.ctx, graph.master);
      entry.rg!.gain.value = this.trackGain;
    }
    this.handOver.start(entry, this.current.url, graph, () => this.trackGain);
  }

  /** Stops whatever is current (a new load replaces it). */
  private dropCurrent(): void {
    this.next.clear();
    this.handOver.cancel();
    this.stopTicker();
    const cur = this.current;
    this.current = null;
    if (cur?.kind === 'buffer') {
      cur.voice.dispose();
      if (cur.shadow) this.pool.clear(cur.shadow);
    } else if (cur) this.pool.clear(cur.entry);
  }

  load(url: string): Promise<void> {
    const generation = ++this.generation;
    this.cancelPending?.();
    this.cancelPending = null;
    if (!url) return Promise.reject(new Error(NO_URL));
    this.ensureGraph();
    this.dropCurrent();
    const entry = this.pool.take(url, []);
    this.current = { kind: 'element', entry, url };
    this.pool.activate(entry);
    entry.el.volume = this.volume;
    entry.el.muted = this.muted;
    if (entry.envelope && this.graph) {
      entry.envelope.gain.cancelScheduledValues(0);
      entry.envelope.gain.setValueAtTime(1, this.graph.ctx.currentTime);
      entry.rg!.gain.setValueAtTime(this.trackGain, this.graph.ctx.currentTime);
    }
    const { loaded, cancel } = loadElement(entry.el, url);
    this.cancelPending = cancel;
    return loaded.then(
      (duration) => {
        if (generation !== this.generation) throw new Error(REPLACED);
        this.cancelPending = null;
        this.emit({ type: 'trackLoaded', duration });
      },
      (error: Error) => {
        if (generation === this.generation) this.cancelPending = null;
        throw error;
      },
    );
  }

  play(): Promise<void> {
    const graph = this.ensureGraph();
    // inside the user's click: the context may start now
    if (graph.ctx.state !== 'running') void graph.ctx.resume().catch(() => {});
    const cur = this.current;
    if (!cur) return Promise.resolve();
    if (cur.kind === 'element') {
      const playing = cur.entry.el.play();
      this.routeCurrent();
      // a radio boundary (startAtMs) is scheduled against the clock, not the element's end
      return playing.then(() => this.next.reschedule());
    }
    if (!cur.voice.playing) {
      if (cur.voice.position() >= cur.voice.duration) cur.voice.seekHeld(0);
      cur.voice.start(graph.ctx.currentTime + 0.01, cur.voice.position());
      if (cur.shadow) void cur.shadow.el.play().catch(() => {});
      this.emit({ type: 'play' });
      this.startTicker();
      this.next.reschedule();
    }
    return Promise.resolve();
  }

  pause(): void {
    const cur = this.current;
    if (cur?.kind === 'element') {
      this.next.unschedule();
      return cur.entry.el.pause();
    }
    if (!cur?.voice.playing) return;
    this.next.unschedule();
    cur.voice.stop();
    cur.shadow?.el.pause();
    this.stopTicker();
    this.emit({ type: 'timeupdate', currentTime: cur.voice.position() });
    this.emit({ type: 'pause' });
  }

  seek(seconds: number): void {
    const cur = this.current;
    if (cur?.kind === 'element') {
      cur.entry.el.currentTime = seconds;
      return;
    }
    if (!cur) return;
    if (cur.shadow) cur.shadow.el.currentTime = seconds;
    if (cur.voice.playing && this.graph) {
      this.next.unschedule();
      cur.voice.start(this.graph.ctx.currentTime + 0.01, seconds);
      this.next.reschedule();
    } else cur.voice.seekHeld(seconds);
    this.emit({ type: 'timeupdate', currentTime: cur.voice.position() });
  }

  setVolume(volume: number): void {
    this.volume = volume;
    this.applyVolume();
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    this.applyVolume();
  }

  private applyVolume(): void {
    // Chrome applies element.volume to a MediaElementAudioSourceNode's output; buffer voices get a gain
    for (const entry of this.pool.all) {
      entry.el.volume = this.volume;
      entry.el.muted = this.muted;
    }
    if (this.graph) this.graph.bufferOut.gain.setTargetAtTime(this.muted ? 0 : this.volume, this.graph.ctx.currentTime, GAIN_RAMP_SECONDS / 3);
    if (this.current?.kind === 'buffer') this.emit({ type: 'volumechange', volume: this.volume, muted: this.muted });
  }

  currentTime(): number {
    const cur = this.current;
    if (!cur) return 0;
    return cur.kind === 'element' ? cur.entry.el.currentTime : cur.voice.position();
  }

  prepare(url: string): void {
    if (!url) return;
    // open the audio output now, not on the click (50-150 ms); after a first click on the page it may run at once
    const { ctx } = this.ensureGraph();
    if (ctx.state === 'suspended' && navigator.userActivation?.hasBeenActive) void ctx.resume().catch(() => {});
    this.pool.prepare(url, this.busy());
  }

  cancelPrepare(url: string): void {
    this.pool.cancelPrepare(url);
  }

  private busy(): PooledElement[] {
    const cur = this.current;
    if (cur?.kind === 'element') return [cur.entry];
    return cur?.shadow ? [cur.shadow] : [];
  }

  setNext(plan: NextTrackPlan | null): void {
    if (plan) this.ensureGraph();
    this.next.set(plan);
  }

  setTrackGain(gain: number): void {
    this.trackGain = gain;
    const cur = this.current;
    const rg = cur?.kind === 'buffer' ? cur.voice.rg : cur?.entry.rg;
    if (rg && this.graph) rg.gain.setTargetAtTime(gain, this.graph.ctx.currentTime, GAIN_RAMP_SECONDS / 3);
  }

  subscribe(listener: (event: AudioEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The hand-over: the element's decoded copy now plays; the element stays as a silent shadow (it keeps #wavelength-audio's state). */
  private handedOver(entry: PooledElement, voice: BufferVoice): void {
    if (!this.isCurrentElement(entry)) return voice.dispose();
    this.current = { kind: 'buffer', voice, shadow: entry, url: voice.url };
    voice.onEnded = () => this.bufferEnded(voice);
    this.startTicker();
    this.next.reschedule();
  }

  private timeline() {
    const cur = this.current;
    if (!cur) return null;
    if (cur.kind === 'element') return { envelope: cur.entry.envelope, end: null, playing: !cur.entry.el.paused && !!cur.entry.source };
    return { envelope: cur.voice.envelope, end: cur.voice.endTime(), playing: cur.voice.playing };
  }

  private advance(voice: BufferVoice, plan: NextTrackPlan, fade: number): void {
    const old = this.current;
    const shadow = old?.kind === 'buffer' ? old.shadow : (old?.entry ?? null);
    if (old?.kind === 'buffer') {
      old.voice.onEnded = () => {};
      setTimeout(() => old.voice.dispose(), (fade + 0.5) * 1000);
    }
    this.current = { kind: 'buffer', voice, shadow, url: plan.url };
    voice.onEnded = () => this.bufferEnded(voice);
    this.trackGain = plan.gain;
    if (shadow) mirror(shadow.el, plan.url, plan.offsetSeconds ?? 0);
    this.emit({ type: 'advanced', key: plan.key, duration: voice.duration });
    this.startTicker();
  }

  private bufferEnded(voice: BufferVoice): void {
    const cur = this.current;
    if (cur?.kind !== 'buffer' || cur.voice !== voice || this.next.pending) return;
    this.stopTicker();
    if (cur.shadow) finishShadow(cur.shadow.el);
    this.emit({ type: 'ended' });
  }

  private startTicker(): void {
    this.stopTicker();
    this.ticker = setInterval(() => {
      if (this.current?.kind === 'buffer' && this.current.voice.playing) this.emit({ type: 'timeupdate', currentTime: this.currentTime() });
    }, TICK_MS);
  }

  private stopTicker(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }
}
