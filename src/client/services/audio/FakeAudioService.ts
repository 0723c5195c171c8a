import type { AudioEvent, AudioLoadError, AudioService, NextTrackPlan } from './AudioService';

/**
 * An AudioService for tests: records what was asked of it, behaves like an element (load emits
 * trackLoaded with `nextDuration`, play/pause emit play/pause) and lets the test emit any event.
 */
export class FakeAudioService implements AudioService {
  readonly calls: { method: string; args: unknown[] }[] = [];
  src: string | null = null;
  time = 0;
  volume = 1;
  muted = false;
  paused = true;
  /** the duration the next loads report */
  nextDuration = 180;
  /** set to make load() reject (with a media error code) or play() reject (e.g. NotAllowedError) */
  failLoadWith: number | null = null;
  failPlayWith: Error | null = null;
  /** a failing load happens with the network gone */
  offline = false;
  /** URLs prepared and not cancelled, in order */
  readonly prepared: string[] = [];
  /** what setNext() last set */
  next: NextTrackPlan | null = null;
  /** the current track's gain as setTrackGain() last set it */
  gain = 1;
  private readonly listeners = new Set<(event: AudioEvent) => void>();

  private record(method: string, ...args: unknown[]) {
    this.calls.push({ method, args });
  }

  async load(url: string): Promise<void> {
    this.record('load', url);
    if (!url) throw new Error('No audio URL provided');
    this.src = url;
    this.time = 0;
    this.paused = true;
    if (this.failLoadWith !== null) {
      const error: AudioLoadError = new Error('media error');
      error.mediaErrorCode = this.failLoadWith;
      error.offline = this.offline;
      throw error;
    }
    this.emit({ type: 'trackLoaded', duration: this.nextDuration });
  }

  async play(): Promise<void> {
    this.record('play');
    if (this.failPlayWith) throw this.failPlayWith;
    this.paused = false;
    this.emit({ type: 'play' });
  }

  pause(): void {
    this.record('pause');
    const wasPlaying = !this.paused;
    this.paused = true;
    if (wasPlaying) this.emit({ type: 'pause' });
  }

  seek(seconds: number): void {
    this.record('seek', seconds);
    this.time = seconds;
  }

  setVolume(volume: number): void {
    this.record('setVolume', volume);
    this.volume = volume;
    this.emit({ type: 'volumechange', volume, muted: this.muted });
  }

  setMuted(muted: boolean): void {
    this.record('setMuted', muted);
    this.muted = muted;
    this.emit({ type: 'volumechange', volume: this.volume, muted });
  }

  currentTime(): number {
    return this.time;
  }

  prepare(url: string): void {
    this.record('prepare', url);
    if (!this.prepared.includes(url)) this.prepared.push(url);
  }

  cancelPrepare(url: string): void {
    this.record('cancelPrepare', url);
    const at = this.prepared.indexOf(url);
    if (at >= 0) this.prepared.splice(at, 1);
  }

  setNext(next: NextTrackPlan | null): void {
    this.record('setNext', next);
    this.next = next;
    if (next && next.key === this.startKey) {
      this.startKey = null;
      setTimeout(() => this.next === next && this.startNext(), 0);
    }
  }

  private startKey: string | null = null;

  /** Test side: once a plan for `key` is set, it starts (a moment later), as the engine does at the boundary. */
  startNextWhenSet(key: string): void {
    this.startKey = key;
  }

  setTrackGain(gain: number): void {
    this.record('setTrackGain', gain);
    this.gain = gain;
  }

  /** Test side: the next track starts on the audio clock, as the engine does at the current one's end. */
  startNext(): void {
    const next = this.next;
    if (!next) throw new Error('no next track was set');
    this.next = null;
    this.src = next.url;
    this.time = next.offsetSeconds ?? 0;
    this.gain = next.gain;
    this.emit({ type: 'advanced', key: next.key, duration: this.nextDuration });
  }

  subscribe(listener: (event: AudioEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Test side: pretend the element fired an event. */
  emit(event: AudioEvent): void {
    this.listeners.forEach((l) => l(event));
  }

  /** how many listeners are subscribed (0 once every channel has closed) */
  get listenerCount(): number {
    return this.listeners.size;
  }

  methods(): string[] {
    return this.calls.map((c) => c.method);
  }

  /** the arguments of every call to one method, in order */
  argsOf(method: string): unknown[][] {
    return this.calls.filter((c) => c.method === method).map((c) => c.args);
  }
}

/** What Chrome's play() rejects with when autoplay is not allowed. */
export function notAllowedError(): Error {
  const error = new Error('play() failed because the user did not interact with the document first.');
  error.name = 'NotAllowedError';
  return error;
}
