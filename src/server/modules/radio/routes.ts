import type { FastifyPluginAsync } from 'fastify';
import { MESSAGES } from '../../../contract/messages';
import {
  AddToQueueBody,
  HistoryQuery,
  QueueItemParams,
  type AddToQueueResponse,
  type RadioSnapshot,
  type RemoveFromQueueResponse,
  type SkipResponse,
  type ToggleResponse,
} from '../../../contract/radio';
import { parseInput } from '../../lib/httpError';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth';
import type { ModuleOptions } from '../moduleOptions';

/** The radio service is app.radio (plugin.ts), read per request: it does not matter which is registered first. */
export const radioRoutes: FastifyPluginAsync<ModuleOptions> = async (app) => {
  app.addHook('onReady', async () => {
    if (!app.hasDecorator('radio')) throw new Error('the radio routes need radioPlugin (modules/radio/plugin.ts) registered on the app');
  });

  app.get('/radio/queue', { preHandler: requireUser }, async (): Promise<RadioSnapshot> => ({ success: true, ...(await app.radio.state()) }));

  app.post('/radio/queue', { preHandler: requireAdmin(MESSAGES.onlyAdminsAddToQueue) }, async (request): Promise<AddToQueueResponse> => {
    const { songId } = parseInput(AddToQueueBody, request.body);
    return { success: true, track: await app.radio.add(songId, currentUser(request).id) };
  });

  app.delete(
    '/radio/queue/:id',
    { preHandler: requireAdmin(MESSAGES.onlyAdminsRemoveFromQueue) },
    async (request): Promise<RemoveFromQueueResponse> => {
      const { id } = parseInput(QueueItemParams, request.params);
      await app.radio.remove(id);
      return { success: true };
    },
  );

  app.post('/radio/skip', { preHandler: requireAdmin(MESSAGES.onlyAdminsSkip) }, async (): Promise<SkipResponse> => ({
    success: true,
    ...(await app.radio.skip()),
  }));

  app.post('/radio/toggle', { preHandler: requireAdmin(MESSAGES.onlyAdminsToggleRadio) }, async (): Promise<ToggleResponse> => ({
    success: true,
    isRadioActive: await app.radio.toggle(),
  }));

  app.get('/radio/history', { preHandler: requireUser }, async (request) => {
    const { limit, cursor } = parseInput(HistoryQuery, request.query);
    return app.radio.history(limit, cursor);
  });

  app.get('/radio/ws', { websocket: true }, (socket, request) => {
    const token = (request.query as { token?: unknown }).token;
    app.radio.connect(socket, typeof token === 'string' && token ? token : undefined).catch((err) => {
      request.log.error({ err }, 'radio: socket setup failed');
      socket.terminate();
    });
  });
};
