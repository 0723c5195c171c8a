import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, SuccessResponse } from '../../../contract/common';
import { CreateShareBody, ShareIdParams, ShareResponse, SharesResponse, UpdateShareBody } from '../../../contract/shares';
import { currentUser, requireUser } from '../../plugins/auth';
import type { ModuleOptions } from '../moduleOptions';
import { publicOrigin } from '../../lib/http/publicOrigin';
import { changeShare, createShare, ownShares, ownShareOrThrow, revokeShare, toShare } from './service';

const tags = ['shares'];

/** docs/product.md §7.10 "Shares": the signed-in user's own share links; another user's are not found. */
export const shareRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { config, now }) => {
  app.addHook('preValidation', requireUser);

  app.get('/shares', { schema: { tags, response: { 200: SharesResponse, ...errorResponses(401) } } }, async (request) => ({
    success: true as const,
    shares: await ownShares(app.db, currentUser(request).id, publicOrigin(config, request), new Date(now())),
  }));

  const createSchema = { tags, body: CreateShareBody, response: { 201: ShareResponse, ...errorResponses(400, 401, 404) } };
  app.post('/shares', { schema: createSchema }, async (request, reply) => {
    const { kind, ids, description, expiresAt, downloadable } = request.body;
    const at = new Date(now());
    const row = await createShare(
      app.db,
      currentUser(request).id,
      { kind, ids, description, expiresAt: expiresAt ? new Date(expiresAt) : null, downloadable },
      at,
    );
    return reply.status(201).send({ success: true as const, share: await toShare(app.db, row, publicOrigin(config, request), at) });
  });

  const oneSchema = { tags, params: ShareIdParams, response: { 200: ShareResponse, ...errorResponses(401, 404) } };
  app.get('/shares/:id', { schema: oneSchema }, async (request) => {
    const row = await ownShareOrThrow(app.db, currentUser(request).id, request.params.id);
    return { success: true as const, share: await toShare(app.db, row, publicOrigin(config, request), new Date(now())) };
  });

  const patchSchema = { tags, params: ShareIdParams, body: UpdateShareBody, response: { 200: ShareResponse, ...errorResponses(400, 401, 404) } };
  app.patch('/shares/:id', { schema: patchSchema }, async (request) => {
    const { description, expiresAt, downloadable } = request.body;
    const changes = {
      ...(description === undefined ? {} : { description }),
      ...(expiresAt === undefined ? {} : { expiresAt: expiresAt === null ? null : new Date(expiresAt) }),
      ...(downloadable === undefined ? {} : { downloadable }),
    };
    const row = await changeShare(app.db, currentUser(request).id, request.params.id, changes);
    return { success: true as const, share: await toShare(app.db, row, publicOrigin(config, request), new Date(now())) };
  });

  const deleteSchema = { tags, params: ShareIdParams, response: { 200: SuccessResponse, ...errorResponses(401, 404) } };
  app.delete('/shares/:id', { schema: deleteSchema }, async (request) => {
    await revokeShare(app.db, currentUser(request).id, request.params.id);
    return { success: true as const };
  });
};
