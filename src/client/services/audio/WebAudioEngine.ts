import type { AudioEvent, AudioService, NextTrackPlan } from './AudioService';
import { createEngineGraph, graphReady, type AudioGraph } from './engine/audioGraph';
import { BufferVoice } from './engine/BufferVoice';
import { ElementPool, mirror, type PooledElement } from './engine/ElementPool';
import { ElementEvents } from './engine/elementEvents';
import { OffThreadAligner } from './engine/alignOffThread';
import { ElementVoice } from './engine/ElementVoice';
import { FirstBytes } from './engine/firstBytes';
import { Listeners } from './engine/listeners';
import { LatestLoad, loadElement } from './engine/loadElement';
import { NextScheduler } from './engine/NextScheduler';
import { OutputLevel, rampGain } from './engine/outputLevel';
import type { WebAudioEngineOptions } from './engine/outputTap';
import { FROM_TOP_SECONDS } from './engine/onsetWatch';
import type { Voice } from './engine/Voice';

const NO_URL = 'No audio URL provided';
/** the longest a first play waits for the output to open and the tap to load */
const READY_WAIT_MS = 300;

/**
 * The playback engine (docs/product.md §2.14): a track starts at once on a pooled element's voice;
 * once its decoded copy is ready it is handed over, sample-exactly, to a buffer voice on the audio
 * clock, so the next track (setNext) starts gapless, crossfaded or at a radio boundary without a gap.
 * This class only coordinates: the voices play, HandOver and NextScheduler time the changes.
 */
export class WebAudioEngine implements AudioService {
  private readonly listeners = new Listeners<AudioEvent>();
  private readonly emit = this.listeners.emit;
  private readonly pool: ElementPool;
  private graph: AudioGraph | null = null;
  private current: Voice | null = null;
  private readonly latestLoad = new LatestLoad();
  private readonly level = new OutputLevel();
  private readonly aligner = new OffThreadAligner();
  private trackGain = 1;
  /** counts play and pause calls: a play that waited acts only if nothing came after it */
  private playRequest = 0;
  private readonly next: NextScheduler;
  /** a click on a track nobody prepared: its first bytes, decoded as they arrive (engine/firstBytes.ts) */
  private firstBytes: FirstBytes | null = null;
  /** what the hand-over did, for tests and benchmarks (window.wavelengthAudio) */
  readonly debugLog: string[] = [];

  constructor(private readonly options: WebAudioEngineOptions = {}) {
    this.pool = new ElementPool(
      document,
      (entry) => new ElementEvents(entry.el, (event) => this.current instanceof ElementVoice && this.current.entry === entry && this.emit(event)),
    );
    this.pool.activate(this.pool.take('', []));
    this.next = new NextScheduler({
      graph: () => this.graph,
      currentVoice: () => this.current,
      advanced: (voice, plan, fade) => this.advance(voice, plan, fade),
    });
  }

  private ensureGraph(): AudioGraph {
    // a routed element is heard only through a running context: route when it runs, even mid-play
    this.graph ??= createEngineGraph(this.options, this.level.gain, () => {
      this.routeCurrent();
      if (!this.next.pending) this.next.reschedule();
    });
    return this.graph;
  }

  private routeCurrent(): void {
    if (this.graph?.ctx.state === 'running' && this.current instanceof ElementVoice) this.current.route(this.graph, () => this.trackGain);
  }

  /** Stops whatever is current (a new load replaces it). */
  private dropCurrent(): void {
    this.firstBytes?.cancel();
    this.firstBytes = null;
    this.next.clear();
    this.current?.elements().forEach((entry) => this.pool.clear(entry));
    this.current?.dispose();
    this.current = null;
  }

  load(url: string): Promise<void> {
    const generation = this.latestLoad.begin();
    if (!url) return Promise.reject(new Error(NO_URL));
    const graph = this.ensureGraph();
    this.dropCurrent();
    const voice = ElementVoice.take(this.pool, url, {
      level: this.level,
      ctx: this.graph?.ctx ?? null,
      gain: this.trackGain,
      handedOver: (buffer) => this.handedOver(voice, buffer),
      aligner: this.aligner,
      log: (line) => this.debugLog.push(line),
    });
    this.current = voice;
    // a hover that prepared the element long enough leaves it able to play: nothing to gain
    const first = !this.options.firstBytes || voice.el.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA ? null : this.startFirstBytes(graph, url);
    if (first && voice.el.getAttribute('src') !== url) first.holdElement(voice.el);
    const loading = loadElement(voice.el, url);
    const loaded = first ? first.orElement(loading, (duration) => this.firstBytes === first && this.emit({ type: 'trackLoaded', duration })) : loading;
    // a load the first bytes won knows no duration yet (0): the element says it when it knows
    return this.latestLoad.track(generation, loaded).then((duration) => (!first || duration > 0 ? this.emit({ type: 'trackLoaded', duration }) : undefined));
  }

  private startFirstBytes(graph: AudioGraph, url: string): FirstBytes {
    this.firstBytes = new FirstBytes(graph, url, {
      current: () => this.current,
      becomeCurrent: (voice, shadow, complete) => {
        this.becomeCurrent(voice, shadow);
        if (complete) this.next.reschedule();
      },
      gain: () => this.trackGain,
      log: (line) => this.debugLog.push(line),
    });
    return this.firstBytes;
  }

  play(): Promise<void> {
    const graph = this.ensureGraph();
    // inside the user's click: the context may start now
    const resumed = graph.ctx.state === 'running' ? Promise.resolve() : graph.ctx.resume().catch(() => {});
    const cur = this.current;
    if (!cur) return Promise.resolve();
    const wasPlaying = cur.playing;
    const request = ++this.playRequest;
    // an element played from its top is located by its first sound, heard only once it is routed
    // (a running context) and tapped (the worklet): the first play of a page waits for both, briefly
    const fromTop = cur.kind === 'element' && !wasPlaying && cur.position() <= FROM_TOP_SECONDS;
    const ready = fromTop ? graphReady(graph, resumed, READY_WAIT_MS) : Promise.resolve();
    return ready.then(() => {
      // a pause or another load came meanwhile
      if (request !== this.playRequest || this.current !== cur) return;
      if (cur instanceof ElementVoice && this.firstBytes?.url === cur.url && this.firstBytes.start(cur, this.pool)) return this.next.reschedule();
      const playing = cur.play(graph.ctx);
      this.routeCurrent();
      // an element's radio boundary (startAtMs) is scheduled against the clock, not its end
      return playing.then(() => {
        if (cur.kind === 'element' || !wasPlaying) this.next.reschedule();
      });
    });
  }

  pause(): void {
    this.playRequest += 1;
    this.next.unschedule();
    this.current?.pause();
  }

  seek(seconds: number): void {
    const cur = this.current;
    if (!cur) return;
    // a voice on the audio clock moves its end: what follows is scheduled again
    const onClock = cur.playing && cur.endTime() !== null;
    if (onClock) this.next.unschedule();
    cur.seek(seconds, this.graph?.ctx ?? null);
    if (onClock) this.next.reschedule();
  }

  setVolume(volume: number): void {
    this.applyLevel({ volume });
  }

  setMuted(muted: boolean): void {
    this.applyLevel({ muted });
  }

  private applyLevel(change: { volume?: number; muted?: boolean }): void {
    Object.assign(this.level, change);
    this.level.apply(this.pool.all, this.graph);
    // an element reports its own volumechange
    if (this.current?.kind === 'buffer') this.emit({ type: 'volumechange', volume: this.level.volume, muted: this.level.muted });
  }

  currentTime(): number {
    return this.current?.position() ?? 0;
  }

  prepare(url: string): void {
    if (!url) return;
    // open the audio output now, not on the click (50-150 ms); after a first click on the page it may run at once
    const { ctx } = this.ensureGraph();
    if (ctx.state === 'suspended' && navigator.userActivation?.hasBeenActive) void ctx.resume().catch(() => {});
    this.pool.prepare(url, this.current?.elements() ?? []);
  }

  cancelPrepare(url: string): void {
    this.pool.cancelPrepare(url);
  }

  setNext(plan: NextTrackPlan | null): void {
    if (plan) this.ensureGraph();
    this.next.set(plan);
  }

  setTrackGain(gain: number): void {
    this.trackGain = gain;
    const rg = this.current?.rg;
    if (rg && this.graph) rampGain(rg.gain, gain, this.graph.ctx);
  }

  subscribe(listener: (event: AudioEvent) => void): () => void {
    return this.listeners.add(listener);
  }

  /** The hand-over: the element's decoded copy now plays; the element stays as a silent shadow (it keeps #wavelength-audio's state). */
  private handedOver(element: ElementVoice, voice: BufferVoice): void {
    if (this.current !== element) return voice.dispose();
    this.becomeCurrent(voice, element.entry);
    this.next.reschedule();
  }

  /** The scheduled next track started on the audio clock; the old voice sounds out the crossfade, its element shadows the new one. */
  private advance(voice: BufferVoice, plan: NextTrackPlan, fade: number): void {
    const old = this.current;
    const shadow = old?.elements()[0] ?? null;
    if (old instanceof BufferVoice) {
      old.detach();
      setTimeout(() => old.dispose(), (fade + 0.5) * 1000);
    } else {
      // a track still on its element: its hand-over no longer matters (the element shadows the new voice)
      old?.dispose();
    }
    this.becomeCurrent(voice, shadow);
    this.trackGain = plan.gain;
    if (shadow) mirror(shadow.el, plan.url, plan.offsetSeconds ?? 0);
    this.emit({ type: 'advanced', key: plan.key, duration: voice.duration });
  }

  private becomeCurrent(voice: BufferVoice, shadow: PooledElement | null): void {
    this.current = voice;
    // at its end the next track may start on the clock: then it is 'advanced', not 'ended'
    voice.attach(this.emit, shadow, () => !this.next.pending);
  }
}
