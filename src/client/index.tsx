import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createBrowserServices } from './app/createServices';
import { makeStore } from './app/store';

const store = makeStore(createBrowserServices());
createRoot(document.getElementById('root')!).render(<App store={store} />);
