import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createBrowserServices } from './app/createServices';
import { makeStore } from './app/store';

function start() {
  const services = createBrowserServices();
  const store = makeStore(services);
  createRoot(document.getElementById('root')!).render(<App store={store} services={services} />);
  // the service worker, its update prompt and the reachability probe: after the page, in their own chunk
  window.addEventListener(
    'load',
    () => void import(/* webpackChunkName: "pwa" */ './features/pwa/start').then((pwa) => pwa.startPwa(store, services.reachability)),
  );
}

// the installed app opens at "/": before anything starts it goes back to its last page (docs/product.md
// §2.17), from a chunk of its own so the sign-in page's budget does not carry it
if (location.pathname === '/' && matchMedia('(display-mode: standalone)').matches) {
  void import(/* webpackChunkName: "last-page" */ './features/pwa/lastPage')
    .then(
      (page) => page.restoreLastPage(),
      () => {},
    )
    .finally(start);
} else {
  start();
}
