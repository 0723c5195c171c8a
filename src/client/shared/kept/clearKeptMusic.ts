import { AUDIO_CACHE, KEPT_CHANGED } from '../../sw/cacheNames';
import { setKeptRecords } from './keptRecords';

/** Tells the worker (when one controls the page) that AUDIO_CACHE changed. */
export function tellWorkerKeptChanged(): void {
  try {
    navigator.serviceWorker?.controller?.postMessage(KEPT_CHANGED);
  } catch {
    // no worker: nothing to tell
  }
}

/** Removes every kept file and record from this device (Remove all, and at sign-out). */
export async function clearKeptMusic(): Promise<void> {
  setKeptRecords(() => ({ owner: null, items: [], songs: {} }));
  try {
    if (typeof caches !== 'undefined') await caches.delete(AUDIO_CACHE);
  } finally {
    tellWorkerKeptChanged();
  }
}
