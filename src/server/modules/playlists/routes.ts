import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, MessageResponse } from '../../../contract/common';
import {
  AddPlaylistSongBody,
  CreatePlaylistBody,
  PLAYLIST_MESSAGES,
  PlaylistCoverQuery,
  PlaylistIdParams,
  PlaylistListQuery,
  PlaylistOrderBody,
  PlaylistResponse,
  PlaylistSongChangeResponse,
  PlaylistSongParams,
  PlaylistsResponse,
  UpdatePlaylistBody,
} from '../../../contract/playlists';
import { HttpError, parseInput } from '../../lib/httpError';
import { currentUser, requireUser } from '../../plugins/auth';
import type { ZodApp } from '../../plugins/zodSchemas';
import type { ModuleOptions } from '../moduleOptions';
import { readPlaylistForm } from './form';
import { addSong, removeSong, reorderSongs } from './order';
import { coverKey, coverOf, listPlaylists, ownedPlaylist, playlistDetail } from './repository';
import { PlaylistService } from './service';

const tags = ['playlists'];
const FORM = 'JSON, or multipart/form-data with the same text fields and an optional `coverImage` (JPEG, PNG or WebP, at most 2 MB).';
const byId = { tags, params: PlaylistIdParams };

function listAndCreateRoutes(app: ZodApp, service: PlaylistService, now: () => number) {
  const listSchema = { tags, querystring: PlaylistListQuery, response: { 200: PlaylistsResponse, ...errorResponses(400, 401) } };
  app.get('/playlists', { schema: listSchema }, async (request) => {
    const { limit, offset } = request.query;
    return { success: true as const, ...(await listPlaylists(app.db, currentUser(request).id, limit, offset)) };
  });

  const createSchema = { tags, description: `name, description: ${FORM}`, response: { 201: PlaylistResponse, ...errorResponses(400, 401, 413) } };
  app.post('/playlists', { schema: createSchema }, async (request, reply) => {
    const form = await readPlaylistForm(request);
    const input = parseInput(CreatePlaylistBody, form.fields);
    const row = await service.create(currentUser(request).id, input, form.cover, new Date(now()));
    return reply.status(201).send({ success: true, playlist: await playlistDetail(app.db, row), message: PLAYLIST_MESSAGES.created });
  });
}

function playlistRoutesById(app: ZodApp, service: PlaylistService, now: () => number) {
  const owned = (request: { user: unknown; params: { id: string } } & Parameters<typeof currentUser>[0]) =>
    ownedPlaylist(app.db, currentUser(request).id, request.params.id);
  const answer = { 200: PlaylistResponse, ...errorResponses(400, 401, 404, 413) };

  app.get('/playlists/:id', { schema: { ...byId, response: { 200: PlaylistResponse, ...errorResponses(401, 404) } } }, async (request) => ({
    success: true as const,
    playlist: await playlistDetail(app.db, await owned(request)),
  }));

  /** Name, description and (multipart) a new cover; fields left out stay as they are. */
  app.put('/playlists/:id', { schema: { ...byId, description: `name, description (each optional): ${FORM}`, response: answer } }, async (request) => {
    const row = await owned(request);
    const form = await readPlaylistForm(request);
    const updated = await service.update(row, parseInput(UpdatePlaylistBody, form.fields), form.cover, new Date(now()));
    return { success: true as const, playlist: await playlistDetail(app.db, updated), message: PLAYLIST_MESSAGES.updated };
  });

  const deleteSchema = { ...byId, response: { 200: MessageResponse, ...errorResponses(401, 404) } };
  app.delete('/playlists/:id', { schema: deleteSchema }, async (request) => {
    await service.delete(await owned(request));
    return { success: true as const, message: PLAYLIST_MESSAGES.deleted };
  });

  app.put('/playlists/:id/cover', { schema: { ...byId, description: 'multipart/form-data with `coverImage`', response: answer } }, async (request) => {
    const row = await owned(request);
    const form = await readPlaylistForm(request);
    const updated = await service.replaceCover(row, form.cover, new Date(now()));
    return { success: true as const, playlist: await playlistDetail(app.db, updated), message: PLAYLIST_MESSAGES.updated };
  });

  app.delete('/playlists/:id/cover', { schema: { ...byId, response: { 200: PlaylistResponse, ...errorResponses(401, 404) } } }, async (request) => {
    const updated = await service.removeCover(await owned(request), new Date(now()));
    return { success: true as const, playlist: await playlistDetail(app.db, updated), message: PLAYLIST_MESSAGES.updated };
  });
}

/**
 * The cover image. An <img> sends no bearer token, so the URL in coverImage carries the cover's
 * random file id (?k=) as its capability; the owner's bearer token works too. The URL changes
 * whenever the cover does, so a keyed answer is cached as immutable.
 */
function coverImageRoute(app: ZodApp, service: PlaylistService) {
  const image = z.any().describe('the cover image (JPEG, PNG or WebP)');
  const schema = { ...byId, querystring: PlaylistCoverQuery, response: { 200: image, 304: z.null(), ...errorResponses(404) } };
  app.get('/playlists/:id/cover', { schema }, async (request, reply) => {
    const key = request.query.k;
    const row = await coverOf(app.db, request.params.id);
    const stored = coverKey(row?.coverPath ?? null);
    const keyed = key !== undefined && stored !== null && key === stored;
    if (!row || !row.coverPath || !row.coverMime || !(keyed || request.user?.id === row.userId)) {
      throw new HttpError(404, PLAYLIST_MESSAGES.notFound);
    }
    const etag = `"${stored}"`;
    reply.header('ETag', etag);
    reply.header('Cache-Control', keyed ? 'private, max-age=31536000, immutable' : 'private, no-cache');
    reply.header('X-Content-Type-Options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
    const bytes = await service.readCover(row.coverPath);
    if (!bytes) throw new HttpError(404, PLAYLIST_MESSAGES.notFound);
    return reply.type(row.coverMime).send(bytes);
  });
}

function songRoutes(app: ZodApp, now: () => number) {
  const response = { 200: PlaylistSongChangeResponse, ...errorResponses(400, 401, 404) };
  const addDescription = '`{ songId, index? }`: at the end, or at `index` (from 0 in the playlist order; Undo of a removal puts a song back in its place).';
  app.post('/playlists/:id/songs', { schema: { ...byId, description: addDescription, body: AddPlaylistSongBody, response } }, async (request) => {
    const row = await ownedPlaylist(app.db, currentUser(request).id, request.params.id);
    return { success: true as const, changed: await addSong(app.db, row, request.body.songId, new Date(now()), request.body.index) };
  });

  const orderSchema = {
    ...byId,
    description: "The playlist's song ids in their new order: every song of the playlist, each once; anything else is a 400 that changes nothing.",
    body: PlaylistOrderBody,
    response: { 200: PlaylistResponse, ...errorResponses(400, 401, 404) },
  };
  app.put('/playlists/:id/order', { schema: orderSchema }, async (request) => {
    const row = await ownedPlaylist(app.db, currentUser(request).id, request.params.id);
    await reorderSongs(app.db, row, request.body.songIds, new Date(now()));
    return { success: true as const, playlist: await playlistDetail(app.db, await ownedPlaylist(app.db, row.userId, row.id)) };
  });

  // a malformed id of either kind answers "Playlist not found", as a missing playlist does
  const removeOptions = { schema: { tags, params: PlaylistSongParams, response }, config: { invalidParams: { message: PLAYLIST_MESSAGES.notFound } } };
  app.delete('/playlists/:id/songs/:songId', removeOptions, async (request) => {
    const row = await ownedPlaylist(app.db, currentUser(request).id, request.params.id);
    return { success: true as const, changed: await removeSong(app.db, row, request.params.songId, new Date(now())) };
  });
}

/** docs/product.md §7 "Playlists": private to their owner; another user's playlist answers 404. */
export const playlistRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { config, now }) => {
  const service = new PlaylistService(app.db, config.mediaDir);
  // the cover route checks its own access (a key or the owner's token): it is registered outside the guard
  coverImageRoute(app, service);
  await app.register(async (guarded: ZodApp) => {
    guarded.addHook('preValidation', requireUser);
    listAndCreateRoutes(guarded, service, now);
    playlistRoutesById(guarded, service, now);
    songRoutes(guarded, now);
  });
};
