import type { AudioEvent, AudioService, NextTrackPlan } from './AudioService';

/**
 * An AudioService whose implementation is a chunk of its own, fetched on the first thing that needs
 * sound (a load, a prepare, a play): the sign-in page never downloads the playback engine
 * (docs/benchmarks.md, the 150 KB budget). Until then it keeps what was set (volume, mute, the next
 * track, the gain) and hands it over when the engine arrives; listeners subscribed early hear the
 * engine's events from then on.
 */
export class LazyAudioService implements AudioService {
  private engine: AudioService | null = null;
  private arriving: Promise<AudioService> | null = null;
  private readonly listeners = new Set<(event: AudioEvent) => void>();
  private volume: number | null = null;
  private muted: boolean | null = null;
  private next: NextTrackPlan | null | undefined = undefined;
  private gain: number | null = null;

  constructor(private readonly create: () => Promise<AudioService>) {}

  /** The engine, fetched once; a failed fetch (offline) is tried again on the next call. */
  private ready(): Promise<AudioService> {
    if (this.engine) return Promise.resolve(this.engine);
    this.arriving ??= this.create().then(
      (engine) => this.adopt(engine),
      (error: unknown) => {
        this.arriving = null;
        throw error;
      },
    );
    return this.arriving;
  }

  private adopt(engine: AudioService): AudioService {
    engine.subscribe((event) => this.listeners.forEach((listener) => listener(event)));
    if (this.volume !== null) engine.setVolume(this.volume);
    if (this.muted !== null) engine.setMuted(this.muted);
    if (this.gain !== null) engine.setTrackGain(this.gain);
    if (this.next !== undefined) engine.setNext(this.next);
    this.engine = engine;
    return engine;
  }

  async load(url: string): Promise<void> {
    return (await this.ready()).load(url);
  }

  async play(): Promise<void> {
    return (this.engine ?? (await this.ready())).play();
  }

  pause(): void {
    this.engine?.pause();
  }

  seek(seconds: number): void {
    this.engine?.seek(seconds);
  }

  setVolume(volume: number): void {
    this.volume = volume;
    this.engine?.setVolume(volume);
  }

  /**
   * A signed-in page opened: fetch the engine while the page is idle, so the first hover on a Play
   * control spends its time on the track, not on code (the sign-in page never calls this).
   */
  warm(): void {
    if (this.engine || this.arriving) return;
    const fetchEngine = () => void this.ready().catch(ignore);
    if (typeof requestIdleCallback === 'function') requestIdleCallback(fetchEngine, { timeout: 2_000 });
    else setTimeout(fetchEngine, 0);
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    this.engine?.setMuted(muted);
  }

  currentTime(): number {
    return this.engine?.currentTime() ?? 0;
  }

  prepare(url: string): void {
    if (this.engine) this.engine.prepare(url);
    else void this.ready().then((engine) => engine.prepare(url), ignore);
  }

  cancelPrepare(url: string): void {
    this.engine?.cancelPrepare(url);
  }

  setNext(next: NextTrackPlan | null): void {
    this.next = next;
    this.engine?.setNext(next);
  }

  setTrackGain(gain: number): void {
    this.gain = gain;
    this.engine?.setTrackGain(gain);
  }

  subscribe(listener: (event: AudioEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** A prepare is a hint: when the engine cannot be fetched, the click that may follow says so. */
function ignore(): void {}
