import type { AudioLoadError } from '../AudioService';

export const REPLACED = 'replaced by a newer load';

/**
 * Points `el` at `url` (unless a prepare() already did) and waits for its metadata, as the old
 * HtmlAudioService did: resolves with the duration, rejects on a media error (mediaErrorCode,
 * offline), and `cancel` rejects it when a newer load replaces it.
 */
export function loadElement(el: HTMLAudioElement, url: string): { loaded: Promise<number>; cancel: () => void } {
  let cancel = () => {};
  const loaded = new Promise<number>((resolve, reject) => {
    const done = () => {
      el.removeEventListener('loadedmetadata', onReady);
      el.removeEventListener('error', onError);
    };
    const onReady = () => {
      done();
      resolve(Number.isFinite(el.duration) ? el.duration : 0);
    };
    const onError = () => {
      done();
      const error: AudioLoadError = new Error('media error');
      error.mediaErrorCode = el.error?.code ?? 0;
      error.offline = typeof navigator !== 'undefined' && navigator.onLine === false;
      reject(error);
    };
    cancel = () => {
      done();
      reject(new Error(REPLACED));
    };
    el.addEventListener('error', onError);
    if (el.getAttribute('src') === url && el.readyState >= HTMLMediaElement.HAVE_METADATA && !el.error) {
      queueMicrotask(onReady);
      return;
    }
    el.addEventListener('loadedmetadata', onReady);
    if (el.getAttribute('src') !== url) {
      el.src = url;
      el.load();
    }
  });
  return { loaded, cancel };
}

/** The newest load wins: an older one still pending is cancelled (rejects with REPLACED) when a new one begins. */
export class LatestLoad {
  private generation = 0;
  private cancelPending: (() => void) | null = null;

  /** A new load begins: the pending one is cancelled; returns its generation. */
  begin(): number {
    this.cancelPending?.();
    this.cancelPending = null;
    return ++this.generation;
  }

  /** Resolves with the duration, or rejects with REPLACED when a newer load began meanwhile. */
  track(generation: number, { loaded, cancel }: { loaded: Promise<number>; cancel: () => void }): Promise<number> {
    this.cancelPending = cancel;
    return loaded.then(
      (duration) => {
        if (generation !== this.generation) throw new Error(REPLACED);
        this.cancelPending = null;
        return duration;
      },
      (error: Error) => {
        if (generation === this.generation) this.cancelPending = null;
        throw error;
      },
    );
  }
}
