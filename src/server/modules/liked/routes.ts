import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contract/common';
import { LikedIdsResponse, LikedListQuery, LikedSongsResponse, LikedStateResponse, SongIdParams } from '../../../contract/liked';
import { currentUser, requireUser } from '../../plugins/auth';
import type { ModuleOptions } from '../moduleOptions';
import { isLiked, likedEntries, likedIds, toggleLike } from './service';

const tags = ['liked'];

/** docs/product.md §7 "Liked songs": every path is the signed-in user's own likes only. */
export const likedRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { now }) => {
  app.addHook('preValidation', requireUser);

  const listSchema = { tags, querystring: LikedListQuery, response: { 200: LikedSongsResponse, ...errorResponses(400, 401) } };
  app.get('/liked-songs', { schema: listSchema }, async (request) => {
    const { limit, offset } = request.query;
    return { success: true as const, ...(await likedEntries(app.db, currentUser(request).id, limit, offset)) };
  });

  app.get('/liked-songs/ids', { schema: { tags, response: { 200: LikedIdsResponse, ...errorResponses(401) } } }, async (request) => ({
    success: true as const,
    songIds: await likedIds(app.db, currentUser(request).id),
  }));

  const checkSchema = { tags, params: SongIdParams, response: { 200: LikedStateResponse, ...errorResponses(401, 404) } };
  app.get('/liked-songs/:id/check', { schema: checkSchema }, async (request) => ({
    success: true as const,
    liked: await isLiked(app.db, currentUser(request).id, request.params.id),
  }));

  app.post('/liked-songs/:id/toggle', { schema: checkSchema }, async (request) => ({
    success: true as const,
    liked: await toggleLike(app.db, currentUser(request).id, request.params.id, new Date(now())),
  }));
};
