import type { AudioEvent, AudioLoadError, AudioService } from './AudioService';
import { ElementEvents } from './engine/elementEvents';

const NO_URL = 'No audio URL provided';

/**
 * AudioService over one HTMLAudioElement (preload auto, docs/product.md §9); the element streams the URL natively.
 * It is the player before the playback engine, kept as the reference the engine is measured against
 * (docs/benchmarks.md): it prepares nothing and levels nothing, and when a track ends it says 'ended',
 * so the sagas load the next track as they always did.
 */
export class HtmlAudioService implements AudioService {
  private readonly listeners = new Set<(event: AudioEvent) => void>();
  /** the newest load; an older one still waiting is dropped */
  private generation = 0;

  constructor(private readonly element: HTMLAudioElement = new Audio()) {
    element.preload = 'auto';
    new ElementEvents(element, (event) => this.emit(event));
  }

  /** The element, for tests and for attaching it to the document. */
  get audioElement(): HTMLAudioElement {
    return this.element;
  }

  private emit(event: AudioEvent): void {
    this.listeners.forEach((l) => l(event));
  }

  load(url: string): Promise<void> {
    const el = this.element;
    const generation = ++this.generation;
    if (!url) return Promise.reject(new Error(NO_URL));
    return new Promise((resolve, reject) => {
      const done = () => {
        el.removeEventListener('loadedmetadata', onReady);
        el.removeEventListener('error', onError);
        el.removeEventListener('emptied', onReplaced);
      };
      const onReady = () => {
        done();
        if (generation !== this.generation) return reject(new Error('replaced by a newer load'));
        this.emit({ type: 'trackLoaded', duration: finite(el.duration) });
        resolve();
      };
      const onError = () => {
        done();
        const error: AudioLoadError = new Error('media error');
        error.mediaErrorCode = el.error?.code ?? 0;
        error.offline = isOffline();
        reject(error);
      };
      const onReplaced = () => {
        if (generation === this.generation) return;
        done();
        reject(new Error('replaced by a newer load'));
      };
      el.src = url;
      el.addEventListener('loadedmetadata', onReady);
      el.addEventListener('error', onError);
      el.addEventListener('emptied', onReplaced);
      el.load();
    });
  }

  play(): Promise<void> {
    return this.element.play();
  }

  pause(): void {
    this.element.pause();
  }

  seek(seconds: number): void {
    this.element.currentTime = seconds;
  }

  setVolume(volume: number): void {
    this.element.volume = volume;
  }

  setMuted(muted: boolean): void {
    this.element.muted = muted;
  }

  currentTime(): number {
    return this.element.currentTime;
  }

  prepare(): void {}

  cancelPrepare(): void {}

  setNext(): void {}

  setTrackGain(): void {}

  subscribe(listener: (event: AudioEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function finite(value: number): number {
  return Number.isFinite(value) ? value : 0;
}
