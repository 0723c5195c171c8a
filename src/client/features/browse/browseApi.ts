import type { z } from 'zod';
import type * as browse from '../../../contract/browse';
import type { AlbumSort } from '../../../contract/browse';
import { baseApi } from '../../api/baseApi';

export type AlbumsResponse = z.infer<typeof browse.AlbumsResponse>;
export type AlbumResponse = z.infer<typeof browse.AlbumResponse>;
export type ArtistsResponse = z.infer<typeof browse.ArtistsResponse>;
export type ArtistResponse = z.infer<typeof browse.ArtistResponse>;
export type GenresResponse = z.infer<typeof browse.GenresResponse>;
export type SearchResponse = z.infer<typeof browse.SearchResponse>;

/** The filters of the Albums page, without the cursor (the infinite query pages by itself). */
export interface AlbumFilters {
  sort: AlbumSort;
  genre?: string;
  year?: number;
  artistId?: string;
}

/** Albums and artists arrive a page at a time; a grid row is a few albums, so a page fills several screens. */
export const BROWSE_PAGE_SIZE = 60;

/** docs/product.md §2.12: the library by album, artist and genre (docs/api/library.md). */
export const browseApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAlbumsPages: build.infiniteQuery<AlbumsResponse, AlbumFilters, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (lastPage) => lastPage.nextCursor },
      query: ({ queryArg, pageParam }) => ({ url: '/albums', params: { ...queryArg, limit: BROWSE_PAGE_SIZE, cursor: pageParam ?? undefined } }),
    }),
    getAlbum: build.query<AlbumResponse, string>({ query: (id) => `/albums/${id}` }),
    getArtistsPages: build.infiniteQuery<ArtistsResponse, void, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (lastPage) => lastPage.nextCursor },
      query: ({ pageParam }) => ({ url: '/artists', params: { limit: BROWSE_PAGE_SIZE, cursor: pageParam ?? undefined } }),
    }),
    getArtist: build.query<ArtistResponse, string>({ query: (id) => `/artists/${id}` }),
    getGenres: build.query<GenresResponse, void>({ query: () => '/genres' }),
    /** albums, artists and songs whose name contains q (the album page finds its artist's page by name) */
    searchLibrary: build.query<SearchResponse, string>({ query: (q) => ({ url: '/search', params: { q } }) }),
  }),
});

export const {
  useGetAlbumsPagesInfiniteQuery,
  useGetAlbumQuery,
  useGetArtistsPagesInfiniteQuery,
  useGetArtistQuery,
  useGetGenresQuery,
  useSearchLibraryQuery,
} = browseApi;

/** Whether a failed query was a 404 (an unknown or malformed id). */
export const isNotFound = (error: unknown) => (error as { status?: unknown } | undefined)?.status === 404;
