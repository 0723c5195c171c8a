type Listener = () => void;

let reachable = true;
const listeners = new Set<Listener>();

/**
 * Whether the server answered the last request (any status counts as an answer): false after a
 * request failed without one, true again at the next answer. navigator.onLine stays true when only
 * the server is down, or when the app was opened from the service worker's cache.
 */
export const serverReachability = {
  get: (): boolean => reachable,
  set(next: boolean): void {
    if (next === reachable) return;
    reachable = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
