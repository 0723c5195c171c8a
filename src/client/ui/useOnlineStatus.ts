import { useCallback, useContext, useSyncExternalStore } from 'react';
import { ReachabilityContext } from './reachabilityContext';

/**
 * Whether the app can reach its server: the browser says it has a network (navigator.onLine, kept
 * current by online/offline events) and the last request to the server got an answer.
 */
export function useOnlineStatus(): boolean {
  const reachability = useContext(ReachabilityContext);
  const subscribe = useCallback(
    (onChange: () => void) => {
      window.addEventListener('online', onChange);
      window.addEventListener('offline', onChange);
      const unsubscribe = reachability.subscribe(onChange);
      return () => {
        window.removeEventListener('online', onChange);
        window.removeEventListener('offline', onChange);
        unsubscribe();
      };
    },
    [reachability],
  );
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine && reachability.get(),
    () => true,
  );
}
