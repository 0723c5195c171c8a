import { useSyncExternalStore } from 'react';
import { serverReachability } from '../services/serverReachability';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  const unsubscribe = serverReachability.subscribe(onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    unsubscribe();
  };
}

/**
 * Whether the app can reach its server: the browser says it has a network (navigator.onLine, kept
 * current by online/offline events) and the last request to the server got an answer.
 */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine && serverReachability.get(),
    () => true,
  );
}
