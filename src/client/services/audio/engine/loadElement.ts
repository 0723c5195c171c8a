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
