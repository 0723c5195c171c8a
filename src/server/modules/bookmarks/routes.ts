import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BookmarkBody, BookmarkParams, BookmarkResponse } from '../../../contract/bookmarks';
import { errorResponses, SuccessResponse } from '../../../contract/common';
import { currentUser, requireUser } from '../../plugins/auth';
import type { ModuleOptions } from '../moduleOptions';
import { deleteOwnBookmark, ownBookmark, saveOwnBookmark } from './service';

const tags = ['bookmarks'];

/** docs/product.md §7.9 "Bookmarks": every path is the signed-in user's own bookmark of one song. */
export const bookmarkRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { now }) => {
  app.addHook('preValidation', requireUser);

  const getSchema = { tags, params: BookmarkParams, response: { 200: BookmarkResponse, ...errorResponses(401, 404) } };
  app.get('/bookmarks/:songId', { schema: getSchema }, async (request) => ({
    success: true as const,
    bookmark: await ownBookmark(app.db, currentUser(request).id, request.params.songId),
  }));

  const putSchema = { tags, params: BookmarkParams, body: BookmarkBody, response: { 200: BookmarkResponse, ...errorResponses(400, 401, 404) } };
  app.put('/bookmarks/:songId', { schema: putSchema }, async (request) => ({
    success: true as const,
    bookmark: await saveOwnBookmark(app.db, currentUser(request).id, request.params.songId, request.body.positionMs, new Date(now())),
  }));

  const deleteSchema = { tags, params: BookmarkParams, response: { 200: SuccessResponse, ...errorResponses(401, 404) } };
  app.delete('/bookmarks/:songId', { schema: deleteSchema }, async (request) => {
    await deleteOwnBookmark(app.db, currentUser(request).id, request.params.songId);
    return { success: true as const };
  });
};
