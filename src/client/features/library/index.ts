export { TopSearch } from './components/TopSearch';
export { songsApi, useSearchSongsQuery, useGetSongQuery } from './songsApi';
