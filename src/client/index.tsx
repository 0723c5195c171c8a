import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createBrowserServices } from './app/createServices';
import { makeStore } from './app/store';
import { restoreLastPage } from './features/pwa/lastPage';

restoreLastPage();
const store = makeStore(createBrowserServices());
createRoot(document.getElementById('root')!).render(<App store={store} />);
// the service worker, its update prompt and the reachability probe: after the page, in their own chunk
window.addEventListener('load', () => void import(/* webpackChunkName: "pwa" */ './features/pwa/start').then((pwa) => pwa.startPwa(store)));
