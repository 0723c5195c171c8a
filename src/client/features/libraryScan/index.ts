/** The admin's library scan: start a scan of the music folder and follow its counts (docs/product.md §2.10, §5.7). */
export { LibraryScanPanel } from './LibraryScanPanel';
