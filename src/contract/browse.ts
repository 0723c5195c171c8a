import { z } from 'zod';
import { Id } from './common';
import { Song } from './songs';

/** docs/product.md §5.7: browsing the library by album, artist and genre. */

export const ALBUM_SORTS = ['recent', 'name', 'artist', 'year', 'played', 'random'] as const;
export type AlbumSort = (typeof ALBUM_SORTS)[number];

const limit = z.coerce.number().int().min(1).max(200).default(50);
const cursor = z.string().max(500).optional();

export const AlbumsQuery = z.object({
  sort: z.enum(ALBUM_SORTS, `sort must be one of ${ALBUM_SORTS.join(', ')}`).default('recent'),
  genre: z.string().trim().min(1).max(200).optional(),
  year: z.coerce.number().int().min(0).max(9999).optional(),
  artistId: z.uuid('artistId must be an artist id').optional(),
  limit,
  cursor,
});

export const Album = z.object({
  id: Id,
  name: z.string(),
  albumArtist: z.string(),
  year: z.number().int().nullable(),
  compilation: z.boolean(),
  songCount: z.number().int(),
  /** whole seconds, the sum of its songs */
  duration: z.number().int(),
  /** the distinct genres of its songs, in name order */
  genres: z.array(z.string()),
  /** `/api/artwork/<hash>` (contract/artwork.ts): embedded or folder art, else a generated placeholder; null only before artwork is made */
  artworkUrl: z.string().nullable(),
});
export type Album = z.infer<typeof Album>;

export const AlbumsResponse = z.object({ success: z.literal(true), albums: z.array(Album), nextCursor: z.string().nullable() });

export const AlbumIdParams = z.object({ id: z.uuid('Album not found') });
export const AlbumResponse = z.object({
  success: z.literal(true),
  album: Album.extend({
    /** the album artist's id, for a link to their page; null when no artist row carries that name */
    albumArtistId: Id.nullable(),
    songs: z.array(Song),
  }),
});

export const Artist = z.object({
  id: Id,
  name: z.string(),
  albumCount: z.number().int(),
  songCount: z.number().int(),
  /** the artwork of one of their albums (contract/artwork.ts), null when none has any */
  artworkUrl: z.string().nullable().optional(),
});
export type Artist = z.infer<typeof Artist>;

export const ArtistsQuery = z.object({ limit, cursor });
export const ArtistsResponse = z.object({ success: z.literal(true), artists: z.array(Artist), nextCursor: z.string().nullable() });

export const ArtistIdParams = z.object({ id: z.uuid('Artist not found') });
export const ArtistResponse = z.object({
  success: z.literal(true),
  artist: Artist.extend({
    /** albums where they are the album artist or appear on a song */
    albums: z.array(Album),
    /** their songs by plays, at most 10 */
    topSongs: z.array(Song),
  }),
});

export const Genre = z.object({ name: z.string(), songCount: z.number().int(), albumCount: z.number().int() });
export const GenresResponse = z.object({ success: z.literal(true), genres: z.array(Genre) });

export const SEARCH_GROUP_SIZE = 8;
export const SearchQuery = z.object({ q: z.string().trim().min(1, 'q is required').max(200) });
export const SearchResponse = z.object({
  success: z.literal(true),
  songs: z.array(Song),
  albums: z.array(Album),
  artists: z.array(Artist),
});
