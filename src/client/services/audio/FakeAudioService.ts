import type { AudioEvent, AudioService } from './AudioService';

/** An AudioService for tests: records what was asked of it and lets the test emit audio events. */
export class FakeAudioService implements AudioService {
  readonly calls: { method: string; args: unknown[] }[] = [];
  src: string | null = null;
  time = 0;
  volume = 1;
  muted = false;
  paused = true;
  /** set to make load() reject (with a media error code) or play() reject (e.g. NotAllowedError) */
  failLoadWith: number | null = null;
  failPlayWith: Error | null = null;
  private readonly listeners = new Set<(event: AudioEvent) => void>();

  private record(method: string, ...args: unknown[]) {
    this.calls.push({ method, args });
  }

  async load(url: string): Promise<void> {
    this.record('load', url);
    this.src = url;
    this.time = 0;
    if (this.failLoadWith !== null) throw Object.assign(new Error('media error'), { mediaErrorCode: this.failLoadWith });
  }

  async play(): Promise<void> {
    this.record('play');
    if (this.failPlayWith) throw this.failPlayWith;
    this.paused = false;
  }

  pause(): void {
    this.record('pause');
    this.paused = true;
  }

  seek(seconds: number): void {
    this.record('seek', seconds);
    this.time = seconds;
  }

  setVolume(volume: number): void {
    this.record('setVolume', volume);
    this.volume = volume;
  }

  setMuted(muted: boolean): void {
    this.record('setMuted', muted);
    this.muted = muted;
  }

  currentTime(): number {
    return this.time;
  }

  subscribe(listener: (event: AudioEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Test side: pretend the element fired an event. */
  emit(event: AudioEvent): void {
    this.listeners.forEach((l) => l(event));
  }

  methods(): string[] {
    return this.calls.map((c) => c.method);
  }
}
