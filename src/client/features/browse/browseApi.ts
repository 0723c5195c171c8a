import type { Album, AlbumSort, Artist } from '../../../contract/browse';
import type { Song } from '../../../contract/songs';
import { baseApi } from '../../api/baseApi';

// the answers of docs/api/library.md (contract/browse.ts holds their zod schemas, which stay on the server)
export type AlbumsResponse = { success: true; albums: Album[]; nextCursor: string | null };
export type AlbumResponse = { success: true; album: Album & { albumArtistId: string | null; songs: Song[] } };
export type ArtistsResponse = { success: true; artists: Artist[]; nextCursor: string | null };
export type ArtistResponse = { success: true; artist: Artist & { albums: Album[]; topSongs: Song[] } };
export type Genre = { name: string; songCount: number; albumCount: number };
export type GenresResponse = { success: true; genres: Genre[] };

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
  }),
});

export const { useGetAlbumsPagesInfiniteQuery, useGetAlbumQuery, useGetArtistsPagesInfiniteQuery, useGetArtistQuery, useGetGenresQuery } = browseApi;

/** Whether a failed query was a 404 (an unknown or malformed id). */
export const isNotFound = (error: unknown) => (error as { status?: unknown } | undefined)?.status === 404;
