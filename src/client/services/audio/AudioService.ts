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
  | { type: 'error'; code: number; offline?: boolean }
  | { type: 'trackLoaded'; duration: number };

/**
 * A load that failed: `mediaErrorCode` is the element's MediaError code (1-4) when it had one;
 * `offline` when the browser had no network at the time.
 */
export interface AudioLoadError extends Error {
  mediaErrorCode?: number;
  offline?: boolean;
}

export interface AudioService {
  /**
   * Points the element at a URL; resolves once its metadata (duration) is known, rejects on a
   * media error, with 'No audio URL provided' for an empty URL, or when a newer load replaced it.
   */
  load(url: string): Promise<void>;
  /** Starts playback; rejects with a DOMException named NotAllowedError when autoplay is blocked. */
  play(): Promise<void>;
  pause(): void;
  seek(seconds: number): void;
  setVolume(volume: number): void;
  setMuted(muted: boolean): void;
  currentTime(): number;
  /** Subscribes to docs/product.md §4's audio events; returns the unsubscribe. */
  subscribe(listener: (event: AudioEvent) => void): () => void;
}

const MEDIA_ERR_NETWORK = 2;

/**
 * What a media error means to the listener. Offline, Chrome reports a source it could not fetch as
 * "not supported" (code 4): the network is what failed, so it says so.
 */
export function audioErrorMessage(code: number | undefined, offline = false): string {
  return mediaErrorMessage(offline ? MEDIA_ERR_NETWORK : code);
}

/** The message of a failed load, null when it was not a media error (the caller has its own). */
export function loadFailureMessage(error: AudioLoadError): string | null {
  return error.mediaErrorCode || error.offline ? audioErrorMessage(error.mediaErrorCode, error.offline) : null;
}

/** docs/product.md §8 "Audio": the message for a MediaError code. */
export function mediaErrorMessage(code: number | undefined): string {
  switch (code) {
    case 1:
      return 'Playback aborted by user';
    case 2:
      return 'Network error while loading audio';
    case 3:
      return 'Audio decoding error';
    case 4:
      return 'Audio format not supported';
    default:
      return 'Unknown audio error';
  }
}
