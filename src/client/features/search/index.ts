/** Finding songs: the top bar's search box and the Search page (docs/product.md §2.5). */
export { TopSearch } from './components/TopSearch';
