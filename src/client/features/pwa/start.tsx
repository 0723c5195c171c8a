import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import type { Store } from '@reduxjs/toolkit';
import type { ServerReachability } from '../../services/serverReachability';
import { createLocalStorageStore } from '../../services/storage';
import { clearKeptOnSignOut } from './clearKeptOnSignOut';
import { keepSignedInUser } from './keepUser';
import { startReachabilityProbe } from './reachabilityProbe';
import { registerWorker } from './registerWorker';
import { UpdatePrompt } from './UpdatePrompt';

/** Its own root beside the app's: the prompt is not a page and must show on every one, sign-in included. */
function showUpdatePrompt(store: Store, applyUpdate: () => void) {
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(
    <Provider store={store}>
      <UpdatePrompt onUpdate={applyUpdate} />
    </Provider>,
  );
}

/**
 * The app's offline and install side, loaded after the page has rendered (its own chunk, outside
 * the sign-in page's budget): the server reachability probe, the user kept for offline starts, kept
 * music removed at sign-out, and in production builds on secure
 * origins (localhost counts) the service worker and its update prompt.
 */
export function startPwa(store: Store, reachability: ServerReachability): void {
  // a page the worker answered may come from its cache; the share page, never cached, calls only the share's routes
  startReachabilityProbe(reachability, !!navigator.serviceWorker?.controller);
  keepSignedInUser(store, createLocalStorageStore());
  clearKeptOnSignOut(store);
  if (process.env.NODE_ENV !== 'production' || !window.isSecureContext || !('serviceWorker' in navigator)) return;
  let shown = false;
  registerWorker((applyUpdate) => {
    if (shown) return;
    shown = true;
    showUpdatePrompt(store, applyUpdate);
  }).catch(() => {
    // no worker (private mode, blocked): the app works as before, online only
  });
}
