import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AlbumIdParams,
  AlbumResponse,
  AlbumsQuery,
  AlbumsResponse,
  ArtistIdParams,
  ArtistResponse,
  ArtistsQuery,
  ArtistsResponse,
  GenresResponse,
  SearchQuery,
  SearchResponse,
} from '../../../contract/browse';
import { errorResponses } from '../../../contract/common';
import { HttpError } from '../../lib/httpError';
import { requireUser } from '../../plugins/auth';
import type { ZodApp } from '../../plugins/zodSchemas';
import type { ModuleOptions } from '../moduleOptions';
import { toSongs } from '../../library/songs/toSong';
import { albumSongs, artistIdByName, albumsOfArtist, findAlbum, listAlbums } from '../../library/catalog/albumQueries';
import { findArtist, listArtists, topSongs } from '../../library/catalog/artistQueries';
import { listGenres } from '../../library/catalog/genreQueries';
import { searchLibrary } from '../../library/catalog/search';

const tags = ['library'];
const ALBUM_NOT_FOUND = 'Album not found';
const ARTIST_NOT_FOUND = 'Artist not found';

function albumRoutes(app: ZodApp) {
  const listSchema = { tags, querystring: AlbumsQuery, response: { 200: AlbumsResponse, ...errorResponses(400, 401) } };
  app.get('/albums', { preValidation: requireUser, schema: listSchema }, async (request) => {
    const { artistId, ...query } = request.query;
    let artistName: string | undefined;
    if (artistId) {
      const artist = await findArtist(app.db, artistId);
      if (!artist) return { success: true as const, albums: [], nextCursor: null };
      artistName = artist.name;
    }
    return { success: true as const, ...(await listAlbums(app.db, { ...query, artistName })) };
  });

  const oneSchema = { tags, params: AlbumIdParams, response: { 200: AlbumResponse, ...errorResponses(401, 404) } };
  app.get('/albums/:id', { preValidation: requireUser, schema: oneSchema }, async (request) => {
    const album = await findAlbum(app.db, request.params.id);
    if (!album) throw new HttpError(404, ALBUM_NOT_FOUND);
    const [rows, albumArtistId] = await Promise.all([albumSongs(app.db, album.id), artistIdByName(app.db, album.albumArtist)]);
    return { success: true as const, album: { ...album, albumArtistId, songs: toSongs(rows) } };
  });
}

function artistRoutes(app: ZodApp) {
  const listSchema = { tags, querystring: ArtistsQuery, response: { 200: ArtistsResponse, ...errorResponses(400, 401) } };
  app.get('/artists', { preValidation: requireUser, schema: listSchema }, async (request) => ({
    success: true as const,
    ...(await listArtists(app.db, request.query)),
  }));

  const oneSchema = { tags, params: ArtistIdParams, response: { 200: ArtistResponse, ...errorResponses(401, 404) } };
  app.get('/artists/:id', { preValidation: requireUser, schema: oneSchema }, async (request) => {
    const artist = await findArtist(app.db, request.params.id);
    if (!artist) throw new HttpError(404, ARTIST_NOT_FOUND);
    const [albums, top] = await Promise.all([albumsOfArtist(app.db, artist.name), topSongs(app.db, artist.name)]);
    return { success: true as const, artist: { ...artist, albums, topSongs: toSongs(top) } };
  });
}

/** docs/product.md §5.7: browsing the library by album, artist and genre, and searching it; signed-in users. */
export const browseRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app) => {
  albumRoutes(app);
  artistRoutes(app);
  const genresSchema = { tags, response: { 200: GenresResponse, ...errorResponses(401) } };
  app.get('/genres', { preValidation: requireUser, schema: genresSchema }, async () => ({ success: true as const, genres: await listGenres(app.db) }));
  const searchSchema = { tags, querystring: SearchQuery, response: { 200: SearchResponse, ...errorResponses(400, 401) } };
  app.get('/search', { preValidation: requireUser, schema: searchSchema }, async (request) => ({
    success: true as const,
    ...(await searchLibrary(app.db, request.query.q)),
  }));
};
