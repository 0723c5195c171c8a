import { jest } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../../db/open';
import { authAttempts } from '../../db/schema';
import { createTestDatabase } from '../../test/testDb';
import { ATTEMPTS_CLEANUP_EVERY_MS, cleanUpAttemptsPeriodically } from './attemptsCleanup';

const HOUR = 60 * 60_000;
const NOW = Date.parse('2026-01-10T12:00:00Z');
// only the cleanup's interval is faked: the database and fastify keep their real timers
const REAL = ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout'] as const;

let database: Database;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(async () => database?.close());
beforeEach(async () => {
  jest.useFakeTimers({ doNotFake: [...REAL] });
  app = Fastify();
  app.decorate('db', database.db);
  cleanUpAttemptsPeriodically(app, () => NOW);
  await app.ready();
  await database.db.delete(authAttempts);
});
afterEach(async () => {
  await app.close();
  jest.useRealTimers();
});

const attemptAges = async () => (await database.db.select({ at: authAttempts.at }).from(authAttempts)).map((row) => (NOW - row.at.getTime()) / HOUR);

async function until(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await done()); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('cleanUpAttemptsPeriodically', () => {
  it('deletes, every 10 minutes, the attempts older than a day and keeps the rest', async () => {
    await database.db.insert(authAttempts).values([
      { kind: 'login_failure', key: 'user:old', at: new Date(NOW - 25 * HOUR) },
      { kind: 'reset_request', key: 'email:recent', at: new Date(NOW - 1 * HOUR) },
    ]);
    jest.advanceTimersByTime(ATTEMPTS_CLEANUP_EVERY_MS - 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await attemptAges()).sort()).toEqual([1, 25]);

    jest.advanceTimersByTime(1);
    await until(async () => (await attemptAges()).length === 1);
    expect(await attemptAges()).toEqual([1]);
  });

  it('stops when the app closes', async () => {
    expect(jest.getTimerCount()).toBe(1);
    await app.close();
    expect(jest.getTimerCount()).toBe(0);
  });
});
