import { SKIP_WAITING } from '../../sw/cacheNames';

/**
 * Registers /sw.js and calls `onUpdateReady` when a new version is installed and waiting (never on
 * the first install: there is nothing to update then). The new worker takes over only when the
 * user accepts (`applyUpdate`), then the page reloads once, so no page runs old and new files.
 */
export async function registerWorker(
  onUpdateReady: (applyUpdate: () => void) => void,
  { container = navigator.serviceWorker, reload = () => location.reload() }: { container?: ServiceWorkerContainer; reload?: () => void } = {},
): Promise<ServiceWorkerRegistration> {
  const registration = await container.register('/sw.js', { scope: '/' });

  const offer = (worker: ServiceWorker) => {
    onUpdateReady(() => {
      let reloaded = false;
      container.addEventListener('controllerchange', () => {
        if (reloaded) return;
        reloaded = true;
        reload();
      });
      worker.postMessage(SKIP_WAITING);
    });
  };
  const watch = (worker: ServiceWorker) => {
    worker.addEventListener('statechange', () => {
      // installed while another worker controls this page: an update, not the first install
      if (worker.state === 'installed' && container.controller) offer(worker);
    });
  };

  if (registration.waiting && container.controller) offer(registration.waiting);
  if (registration.installing) watch(registration.installing);
  registration.addEventListener('updatefound', () => {
    if (registration.installing) watch(registration.installing);
  });
  return registration;
}
