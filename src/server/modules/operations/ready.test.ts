import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/testApp';
import { migrationsCheck } from './migrationsDone';

const SLOW = 60_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, SLOW);
afterAll(async () => t?.close());

describe('GET /api/ready', () => {
  it('answers 200 when the database answers and has every migration; /api/health stays as it was', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ success: true, database: 'ok', migrations: 'done' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ success: true, database: 'ok' });
  });

  it('is documented in the OpenAPI document with both answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, { get: { responses: object } }> };
    expect(Object.keys(doc.paths['/api/ready'].get.responses)).toEqual(['200', '503']);
  });

  it(
    'answers 503 "draining" once the drain began, and every response then closes its connection',
    async () => {
      const app = await createTestApp({ database: t.database });
      try {
        app.app.drain.begin();
        const ready = await app.app.inject({ method: 'GET', url: '/api/ready' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({ success: false, reason: 'draining' });
        expect(ready.headers.connection).toBe('close');
        // liveness is not readiness: the process still lives
        const health = await app.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(200);
        expect(health.headers.connection).toBe('close');
      } finally {
        await app.close();
      }
    },
    SLOW,
  );

  it(
    'answers 503 "database unavailable" (with Retry-After) when the database does not answer',
    async () => {
      // the same database, but its queries refused while `down` (as when the server cannot be reached)
      let down = false;
      const db = new Proxy(t.database.db, {
        get: (target, prop, receiver) =>
          down && prop === 'execute' ? () => Promise.reject(new Error('connect ECONNREFUSED')) : Reflect.get(target, prop, receiver),
      });
      const app = await createTestApp({ database: { ...t.database, db } });
      try {
        down = true;
        const ready = await app.app.inject({ method: 'GET', url: '/api/ready' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({ success: false, reason: 'database unavailable' });
        expect(ready.headers['retry-after']).toBeDefined();
        down = false;
        expect((await app.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    },
    SLOW,
  );
});

describe('the migrations check', () => {
  it('is false while the newest migration of this release is not recorded, true once it is', async () => {
    expect(await migrationsCheck(t.app.db)()).toBe(true);
    const rows = (r: unknown) => (r as { rows: { id: number; hash: string; created_at: string }[] }).rows;
    const [newest] = rows(
      await t.app.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning *`,
      ),
    );
    try {
      expect(await migrationsCheck(t.app.db)()).toBe(false);
    } finally {
      await t.app.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at})`);
    }
    expect(await migrationsCheck(t.app.db)()).toBe(true);
  });
});

describe('METRICS_TOKEN and SHUTDOWN_GRACE_S', () => {
  it('METRICS_TOKEN is unset by default and needs 16 printable characters without spaces', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'abcdefghijklmnop' }).metricsToken).toBe('abcdefghijklmnop');
    for (const bad of ['too-short', 'sixteen chars with space', 'abcdefghijklmno\u00e9']) {
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(
        new ConfigError('Invalid METRICS_TOKEN: must be at least 16 printable characters, without spaces'),
      );
    }
  });

  it('SHUTDOWN_GRACE_S is 8 s by default, 0-600 s, a number', () => {
    expect(loadConfig({}).shutdownGraceMs).toBe(8000);
    expect(loadConfig({ SHUTDOWN_GRACE_S: '0' }).shutdownGraceMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_GRACE_S: '600' }).shutdownGraceMs).toBe(600_000);
    for (const bad of ['601', '-1', 'soon']) expect(() => loadConfig({ SHUTDOWN_GRACE_S: bad })).toThrow(/^Invalid SHUTDOWN_GRACE_S: /);
  });
});
