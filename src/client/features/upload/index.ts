/** Adding tracks to the library by upload (docs/product.md §5.4). */
export { AddTrack } from './components/AddTrack';
