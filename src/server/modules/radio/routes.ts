import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
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

export const radioRoutes: FastifyPluginAsync<RadioModuleOptions> = async (app, { now, radioTimings }) => {
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

  app.get('/radio/queue', { preHandler: requireUser }, async (): Promise<RadioSnapshot> => ({ success: true, ...(await radio.state()) }));

  app.post('/radio/queue', { preHandler: requireAdmin(MESSAGES.onlyAdminsAddToQueue) }, async (request): Promise<AddToQueueResponse> => {
    const { songId } = parseInput(AddToQueueBody, request.body);
    return { success: true, track: await radio.add(songId, currentUser(request).id) };
  });

  app.delete(
    '/radio/queue/:id',
    { preHandler: requireAdmin(MESSAGES.onlyAdminsRemoveFromQueue) },
    async (request): Promise<RemoveFromQueueResponse> => {
      const { id } = parseInput(QueueItemParams, request.params);
      await radio.remove(id);
      return { success: true };
    },
  );

  app.post('/radio/skip', { preHandler: requireAdmin(MESSAGES.onlyAdminsSkip) }, async (): Promise<SkipResponse> => ({
    success: true,
    ...(await radio.skip()),
  }));

  app.post('/radio/toggle', { preHandler: requireAdmin(MESSAGES.onlyAdminsToggleRadio) }, async (): Promise<ToggleResponse> => ({
    success: true,
    isRadioActive: await radio.toggle(),
  }));

  app.get('/radio/history', { preHandler: requireUser }, async (request) => {
    const { limit, cursor } = parseInput(HistoryQuery, request.query);
    return radio.history(limit, cursor);
  });

  app.get('/radio/ws', { websocket: true }, (socket, request) => {
    const token = (request.query as { token?: unknown }).token;
    radio.connect(socket, typeof token === 'string' && token ? token : undefined).catch((err) => {
      request.log.error({ err }, 'radio: socket setup failed');
      socket.terminate();
    });
  });
};
