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
  | { type: 'trackLoaded'; duration: number }
  /** the track set by setNext() started on the audio clock (gapless, crossfaded or at a radio boundary); it is now the current one */
  | { type: 'advanced'; key: string; duration: number };

/**
 * What plays after the current track (docs/product.md §2.14). The engine decodes it ahead and starts
 * it on the audio clock: gapless when `crossfadeSeconds` is 0, else overlapping the current track's
 * end by that many seconds with equal-power curves; at `startAtMs` instead when it is set (a radio
 * station's track boundary).
 */
export interface NextTrackPlan {
  /** what the 'advanced' event names when it starts (the track's id) */
  key: string;
  url: string;
  /** linear gain of that track (ReplayGain and preamp, peak-limited); 1 is unchanged */
  gain: number;
  crossfadeSeconds: number;
  /** local wall-clock time (Date.now() ms) to start at, instead of the current track's end */
  startAtMs?: number;
  /** where in the track to start (radio: the live position at startAtMs); 0 by default */
  offsetSeconds?: number;
}

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
  /**
   * A likely play (a pointer over or focus on a Play control, the next queued track): start fetching
   * the URL, so that load() of the same URL can sound at once. Never counts as a play.
   */
  prepare(url: string): void;
  /** The intent went away: drop what prepare(url) started, cancelling its requests. */
  cancelPrepare(url: string): void;
  /** What follows the current track, decoded ahead and started on the audio clock; null clears it. */
  setNext(next: NextTrackPlan | null): void;
  /** The current track's linear gain (ReplayGain and preamp); 1 is unchanged. */
  setTrackGain(gain: number): void;
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
