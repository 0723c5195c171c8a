export { TopSearch } from './components/TopSearch';
