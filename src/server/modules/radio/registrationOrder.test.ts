import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../../config';
import type { Database } from '../../db/open';
import { authPlugin } from '../../plugins/auth';
import { databasePlugin } from '../../plugins/database';
import { errorsPlugin } from '../../plugins/errors';
import { zodSchemasPlugin } from '../../plugins/zodSchemas';
import { createUser, TEST_JWT_SECRET } from '../../test/testApp';
import { createTestDatabase } from '../../test/testDb';
import { bearerCheck } from '../auth/bearerCheck';
import { createTokenService } from '../auth/tokens';
import { radioPlugin } from './plugin';
import { radioRoutes } from './routes';

/** The radio is a decorator (app.radio), read per request: its routes may be registered before it. */
describe('radio routes and the radio plugin, in either order', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  async function appWith(order: 'routes first' | 'plugin first'): Promise<FastifyInstance> {
    const clock = { now: Date.now() };
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(zodSchemasPlugin);
    await app.register(databasePlugin, { database, closeOnShutdown: false });
    const tokens = createTokenService(TEST_JWT_SECRET, () => clock.now);
    await app.register(authPlugin, { tokens, check: bearerCheck(tokens, () => clock.now) });
    const routes = () => app.register(radioRoutes, { prefix: '/api', config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), now: () => clock.now });
    if (order === 'routes first') await routes();
    await app.register(radioPlugin, { now: () => clock.now });
    if (order === 'plugin first') await routes();
    await app.ready();
    return app;
  }

  it.each(['routes first', 'plugin first'] as const)('%s: the routes reach the radio', async (order) => {
    const app = await appWith(order);
    try {
      const listener = await createUser({ app, clock: { now: Date.now() } });
      const res = await app.inject({ method: 'GET', url: '/api/radio/queue', headers: listener.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, isRadioActive: false, queue: [] });
    } finally {
      await app.close();
    }
  });
});
