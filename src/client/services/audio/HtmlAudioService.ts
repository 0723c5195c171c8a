import type { AudioEvent, AudioService } from './AudioService';

/** AudioService over one HTMLAudioElement (preload auto, SPEC §9). */
export class HtmlAudioService implements AudioService {
  private readonly listeners = new Set<(event: AudioEvent) => void>();

  constructor(private readonly element: HTMLAudioElement = new Audio()) {
    element.preload = 'auto';
    const emit = (event: AudioEvent) => this.listeners.forEach((l) => l(event));
    element.addEventListener('play', () => emit({ type: 'play' }));
    element.addEventListener('pause', () => emit({ type: 'pause' }));
    element.addEventListener('ended', () => emit({ type: 'ended' }));
    element.addEventListener('timeupdate', () => emit({ type: 'timeupdate', currentTime: element.currentTime }));
    element.addEventListener('volumechange', () => emit({ type: 'volumechange', volume: element.volume, muted: element.muted }));
    element.addEventListener('loadstart', () => emit({ type: 'loadstart' }));
    element.addEventListener('loadeddata', () => emit({ type: 'loadeddata', duration: finite(element.duration) }));
    element.addEventListener('canplay', () => emit({ type: 'canplay' }));
    element.addEventListener('waiting', () => emit({ type: 'waiting' }));
    element.addEventListener('error', () => emit({ type: 'error', code: element.error?.code ?? 0 }));
  }

  /** The element, for tests and for attaching it to the document. */
  get audioElement(): HTMLAudioElement {
    return this.element;
  }

  load(url: string): Promise<void> {
    const el = this.element;
    return new Promise((resolve, reject) => {
      const done = () => {
        el.removeEventListener('loadedmetadata', onReady);
        el.removeEventListener('error', onError);
      };
      const onReady = () => {
        done();
        this.listeners.forEach((l) => l({ type: 'trackLoaded', duration: finite(el.duration) }));
        resolve();
      };
      const onError = () => {
        done();
        reject(Object.assign(new Error('media error'), { mediaErrorCode: el.error?.code ?? 0 }));
      };
      el.addEventListener('loadedmetadata', onReady);
      el.addEventListener('error', onError);
      el.src = url;
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

  subscribe(listener: (event: AudioEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

function finite(value: number): number {
  return Number.isFinite(value) ? value : 0;
}
