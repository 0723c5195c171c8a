import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, SuccessResponse } from '../../../contract/common';
import { MESSAGES } from '../../../contract/messages';
import {
  AddToQueueBody,
  AddToQueueResponse,
  HistoryQuery,
  QueueItemParams,
  RadioHistoryResponse,
  RadioSnapshot,
  SkipResponse,
  ToggleResponse,
} from '../../../contract/radio';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth';
import type { ModuleOptions } from '../moduleOptions';

/** The radio service is app.radio (plugin.ts), read per request: it does not matter which is registered first. */
export const radioRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app) => {
  app.addHook('onReady', async () => {
    if (!app.hasDecorator('radio')) throw new Error('the radio routes need radioPlugin (modules/radio/plugin.ts) registered on the app');
  });

  const tags = ['radio'];
  const admin = errorResponses(401, 403);

  app.get('/radio/queue', { preValidation: requireUser, schema: { tags, response: { 200: RadioSnapshot, ...errorResponses(401) } } }, async () => ({
    success: true as const,
    ...(await app.radio.state()),
  }));

  const addSchema = { tags, body: AddToQueueBody, response: { 200: AddToQueueResponse, ...admin, ...errorResponses(400, 404) } };
  app.post('/radio/queue', { preValidation: requireAdmin(MESSAGES.onlyAdminsAddToQueue), schema: addSchema }, async (request) => ({
    success: true as const,
    track: await app.radio.add(request.body.songId, currentUser(request).id),
  }));

  const removeSchema = { tags, params: QueueItemParams, response: { 200: SuccessResponse, ...admin, ...errorResponses(400, 404) } };
  // a malformed id is a 400 here, with the schema's message
  const removeOptions = { preValidation: requireAdmin(MESSAGES.onlyAdminsRemoveFromQueue), schema: removeSchema, config: { invalidParams: { status: 400 } } };
  app.delete('/radio/queue/:id', removeOptions, async (request) => {
    await app.radio.remove(request.params.id);
    return { success: true as const };
  });

  app.post('/radio/skip', { preValidation: requireAdmin(MESSAGES.onlyAdminsSkip), schema: { tags, response: { 200: SkipResponse, ...admin } } }, async () => ({
    success: true as const,
    ...(await app.radio.skip()),
  }));

  const toggleSchema = { tags, response: { 200: ToggleResponse, ...admin } };
  app.post('/radio/toggle', { preValidation: requireAdmin(MESSAGES.onlyAdminsToggleRadio), schema: toggleSchema }, async () => ({
    success: true as const,
    isRadioActive: await app.radio.toggle(),
  }));

  const historySchema = { tags, querystring: HistoryQuery, response: { 200: RadioHistoryResponse, ...errorResponses(400, 401) } };
  app.get('/radio/history', { preValidation: requireUser, schema: historySchema }, async (request) =>
    app.radio.history(request.query.limit, request.query.cursor),
  );

  // @fastify/websocket leaves its routes out of OpenAPI: docs/api/radio.md describes the socket
  app.get('/radio/ws', { websocket: true }, (socket, request) => {
    const token = (request.query as { token?: unknown }).token;
    // request.raw.socket: the TCP connection ws took over, where broadcasts write their finished frames
    app.radio.connect(socket, typeof token === 'string' && token ? token : undefined, request.raw.socket).catch((err) => {
      request.log.error({ err }, 'radio: socket setup failed');
      socket.terminate();
    });
  });
};
