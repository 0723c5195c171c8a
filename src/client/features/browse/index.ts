/** Browsing the library by album, artist and genre (docs/product.md §2.12); its pages are lazy route chunks. */
export { browseApi } from './browseApi';
