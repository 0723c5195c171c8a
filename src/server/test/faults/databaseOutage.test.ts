/**
 * PostgreSQL mode when the database blinks or goes away, in-process: dropped connections never end
 * the process, requests meanwhile answer 503 with a clear message, /api/health says so, and LISTEN
 * comes back by itself. Needs a PostgreSQL server: runs in `npm run test:pg` (DATABASE_URL set).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { MESSAGES } from '../../../contract/messages';
import { migrateDatabase, openDatabase, type Database } from '../../db/open';
import { createTestApp, createUser, type TestApp } from '../testApp';
import { startTcpProxy, type TcpProxy } from './tcpProxy';

const DATABASE_URL = process.env.DATABASE_URL;
const describeWithPostgres = DATABASE_URL ? describe : describe.skip;

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describeWithPostgres('PostgreSQL outages (skipped without DATABASE_URL: run npm run test:pg)', () => {
  const dbName = `wl_outage_${randomBytes(6).toString('hex')}`;
  let admin: pg.Client;
  let proxy: TcpProxy;
  let database: Database;
  let t: TestApp;
  const logged: string[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const target = new URL(DATABASE_URL!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(DATABASE_URL!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${dbName}`;
    database = await openDatabase({ databaseUrl: viaProxy.toString(), log: (line) => logged.push(line) });
    await migrateDatabase(database);
    t = await createTestApp({ database });
  });

  afterAll(async () => {
    await t?.close();
    await database?.close();
    await proxy?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  function terminateAll() {
    return admin.query('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1', [dbName]);
  }

  it('pg_terminate_backend on every connection, idle or listening, does not end the process; LISTEN comes back and tells', async () => {
    const received: string[] = [];
    await database.listen('outage_test', (payload) => received.push(payload));
    let reconnects = 0;
    const off = database.onReconnect(() => (reconnects += 1));
    // a few idle pooled connections, one of them kept by an advisory lock
    await Promise.all([1, 2, 3].map(() => database.db.execute('select pg_sleep(0.01)')));
    const lock = await database.tryAdvisoryLock(424242);
    expect(lock?.held).toBe(true);

    const { rows } = await terminateAll();
    expect(rows[0].n).toBeGreaterThanOrEqual(3);

    await waitFor('LISTEN to reconnect', () => (reconnects > 0 ? true : undefined));
    expect(lock?.held).toBe(false);
    await lock?.release();
    // the lock is free again for whoever asks
    const again = await database.tryAdvisoryLock(424242);
    expect(again?.held).toBe(true);
    await again?.release();

    await database.notify('outage_test', 'after');
    await waitFor('a notification after the reconnect', () => (received.includes('after') ? true : undefined));
    expect(logged.some((line) => line.startsWith('LISTEN connection lost'))).toBe(true);
    off();
  });

  it('while the database is unreachable: /api/health and requests answer 503 with Retry-After; then 200 again', async () => {
    const user = await createUser(t);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);

    proxy.cut();
    try {
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ success: false, database: 'unavailable' });

      const songs = await t.app.inject({ url: '/api/songs', headers: user.headers });
      expect(songs.statusCode).toBe(503);
      expect(songs.headers['retry-after']).toBe('2');
      expect(songs.json()).toEqual({ success: false, message: MESSAGES.databaseUnavailable });
    } finally {
      proxy.restore();
    }

    const started = Date.now();
    await waitFor('health to return', async () => ((await t.app.inject({ url: '/api/health' })).statusCode === 200 ? true : undefined));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await t.app.inject({ url: '/api/songs', headers: user.headers })).statusCode).toBe(200);
  });

  it('LISTEN retries with backoff while the database stays away, and reconnects once it is back', async () => {
    let reconnects = 0;
    const off = database.onReconnect(() => (reconnects += 1));
    logged.length = 0;
    proxy.cut();
    await waitFor('two failed reconnects', () => (logged.filter((l) => l.startsWith('LISTEN reconnect failed')).length >= 2 ? true : undefined));
    expect(reconnects).toBe(0);
    proxy.restore();
    await waitFor('LISTEN to reconnect', () => (reconnects > 0 ? true : undefined));
    off();
  });
});
