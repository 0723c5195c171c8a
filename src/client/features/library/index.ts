export { TopSearch } from './components/TopSearch';
export { LibraryScanPanel } from './scan/LibraryScanPanel';
