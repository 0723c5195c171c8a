/** What the player sagas may ask of audio output; HtmlAudioService plays it, FakeAudioService records it. */
export type AudioEvent =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'ended' }
  | { type: 'timeupdate'; currentTime: number }
  | { type: 'volumechange'; volume: number; muted: boolean }
  | { type: 'loadstart' }
  | { type: 'loadeddata'; duration: number }
  | { type: 'canplay' }
  | { type: 'waiting' }
  | { type: 'error'; code: number }
  | { type: 'trackLoaded'; duration: number };

export interface AudioService {
  /** Points the element at a URL; resolves once it can start, rejects on a media error. */
  load(url: string): Promise<void>;
  /** Starts playback; rejects with a DOMException named NotAllowedError when autoplay is blocked. */
  play(): Promise<void>;
  pause(): void;
  seek(seconds: number): void;
  setVolume(volume: number): void;
  setMuted(muted: boolean): void;
  currentTime(): number;
  /** Subscribes to SPEC §4's audio events; returns the unsubscribe. */
  subscribe(listener: (event: AudioEvent) => void): () => void;
}
