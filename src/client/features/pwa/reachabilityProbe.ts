import type { ServerReachability } from '../../services/serverReachability';

const PROBE_INTERVAL_MS = 3000;

async function answers(healthUrl: string): Promise<boolean> {
  try {
    await fetch(healthUrl, { cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Asks /api/health once at start when the page came from the service worker (`fromCache`: it may
 * have been opened from the cache with the server down; a page the server sent needs no asking),
 * then every few seconds while the server is unreachable, so the offline notice goes as soon as it
 * answers again. Any answer counts, even an error status. Returns stop.
 */
export function startReachabilityProbe(reachability: ServerReachability, fromCache: boolean, healthUrl = '/api/health'): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    if (!reachability.get() && timer === undefined) timer = setTimeout(() => void probe(), PROBE_INTERVAL_MS);
  };
  const probe = async () => {
    timer = undefined;
    reachability.set(await answers(healthUrl));
    later();
  };
  const onOnline = () => void probe();
  const unsubscribe = reachability.subscribe(later);
  window.addEventListener('online', onOnline);
  if (fromCache) void probe();
  return () => {
    unsubscribe();
    window.removeEventListener('online', onOnline);
    clearTimeout(timer);
  };
}
