import type { FastifyInstance } from 'fastify';
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
import { RadioService, type RadioTimings } from './service';

export interface RadioModuleOptions extends ModuleOptions {
  radioTimings?: Partial<RadioTimings>;
}

// The service of each app, found from any encapsulation context (they share one http server).
const services = new WeakMap<object, RadioService>();

/** The radio of an app: tests drive its clock (checkClock) and session checks through it. */
export function radioOf(app: FastifyInstance): RadioService {
  const service = services.get(app.server);
  if (!service) throw new Error('the radio module is not registered on this app');
  return service;
}

export const radioRoutes: FastifyPluginAsyncZod<RadioModuleOptions> = async (app, { now, radioTimings }) => {
  const radio = new RadioService({
    database: app.database,
    verifyToken: (token) => app.tokens.verifyAccess(token),
    now,
    log: app.log,
    timings: radioTimings,
  });
  services.set(app.server, radio);
  app.addHook('onReady', () => radio.start());
  app.addHook('onClose', () => radio.stop());

  const tags = ['radio'];
  const admin = errorResponses(401, 403);

  app.get('/radio/queue', { preValidation: requireUser, schema: { tags, response: { 200: RadioSnapshot, ...errorResponses(401) } } }, async () => ({
    success: true as const,
    ...(await radio.state()),
  }));

  const addSchema = { tags, body: AddToQueueBody, response: { 200: AddToQueueResponse, ...admin, ...errorResponses(400, 404) } };
  app.post('/radio/queue', { preValidation: requireAdmin(MESSAGES.onlyAdminsAddToQueue), schema: addSchema }, async (request) => ({
    success: true as const,
    track: await radio.add(request.body.songId, currentUser(request).id),
  }));

  const removeSchema = { tags, params: QueueItemParams, response: { 200: SuccessResponse, ...admin, ...errorResponses(400, 404) } };
  // a malformed id is a 400 here, with the schema's message
  const removeOptions = { preValidation: requireAdmin(MESSAGES.onlyAdminsRemoveFromQueue), schema: removeSchema, config: { invalidParams: { status: 400 } } };
  app.delete('/radio/queue/:id', removeOptions, async (request) => {
    await radio.remove(request.params.id);
    return { success: true as const };
  });

  app.post('/radio/skip', { preValidation: requireAdmin(MESSAGES.onlyAdminsSkip), schema: { tags, response: { 200: SkipResponse, ...admin } } }, async () => ({
    success: true as const,
    ...(await radio.skip()),
  }));

  const toggleSchema = { tags, response: { 200: ToggleResponse, ...admin } };
  app.post('/radio/toggle', { preValidation: requireAdmin(MESSAGES.onlyAdminsToggleRadio), schema: toggleSchema }, async () => ({
    success: true as const,
    isRadioActive: await radio.toggle(),
  }));

  const historySchema = { tags, querystring: HistoryQuery, response: { 200: RadioHistoryResponse, ...errorResponses(400, 401) } };
  app.get('/radio/history', { preValidation: requireUser, schema: historySchema }, async (request) => radio.history(request.query.limit, request.query.cursor));

  // @fastify/websocket leaves its routes out of OpenAPI: docs/api/radio.md describes the socket
  app.get('/radio/ws', { websocket: true }, (socket, request) => {
    const token = (request.query as { token?: unknown }).token;
    radio.connect(socket, typeof token === 'string' && token ? token : undefined).catch((err) => {
      request.log.error({ err }, 'radio: socket setup failed');
      socket.terminate();
    });
  });
};
