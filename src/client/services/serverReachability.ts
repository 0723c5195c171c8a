/**
 * Whether the server answered the last request (any status counts as an answer): false after a
 * request failed without one, true again at the next answer. navigator.onLine stays true when only
 * the server is down, or when the app was opened from the service worker's cache. One per app, in
 * its services: the transport and the auth calls set it, the offline notice and the probe read it.
 */
export interface ServerReachability {
  get(): boolean;
  set(reachable: boolean): void;
  subscribe(listener: () => void): () => void;
}

export function createServerReachability(): ServerReachability {
  let reachable = true;
  const listeners = new Set<() => void>();
  return {
    get: () => reachable,
    set(next) {
      if (next === reachable) return;
      reachable = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
