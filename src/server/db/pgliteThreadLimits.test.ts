import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from './open';

/**
 * The embedded database's limits seen through pg (issue 27, item 15): the idle-in-transaction
 * limit counts each connection's own idleness, and closing never waits on a statement for ever.
 */
describe('PGlite in a worker thread: the idle limit is each connection’s own', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ poolSize: 4, pgliteIdleInTransactionMs: 500 });
  }, 60_000);
  afterAll(async () => database.close());

  it('ends a connection idle in BEGIN after 500 ms while other connections connect and query every 100 ms', async () => {
    const { host, port } = (database.db as unknown as { $client: { options: { host: string; port: number } } }).$client.options;
    const idle = new pg.Client({ host, port, user: 'postgres', database: 'postgres' });
    idle.on('error', () => undefined);
    const ended = new Promise<number>((resolve) => idle.on('end', () => resolve(performance.now())));
    await idle.connect();
    await idle.query('begin');
    const idleFrom = performance.now();
    // a new connection every 100 ms, each asking one query: every one of them reaches the wire
    // (a pool's connections, once all wait, would send nothing more)
    const others: pg.Client[] = [];
    let answered = 0;
    const busy = setInterval(() => {
      const other = new pg.Client({ host, port, user: 'postgres', database: 'postgres' });
      other.on('error', () => undefined);
      others.push(other);
      void other
        .connect()
        .then(() => other.query('select 1'))
        .then(
          () => (answered += 1),
          () => undefined,
        );
    }, 100);
    try {
      const endedAt = await Promise.race([ended, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 5000))]);
      expect(endedAt).toBeGreaterThan(0);
      expect(endedAt - idleFrom).toBeLessThan(2000);
      // the waiting connections are then served
      for (let i = 0; i < 100 && answered === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
      expect(answered).toBeGreaterThan(0);
    } finally {
      clearInterval(busy);
      await Promise.all(others.map((o) => o.end().catch(() => undefined)));
    }
  }, 30_000);
});

describe('PGlite in a worker thread: closing while a query runs', () => {
  it('stops the thread within a bound although a statement never answers', async () => {
    const database = await openDatabase({ poolSize: 2 });
    const stuck = database.db.execute(sql`select pg_sleep(120)`).catch(() => 'ended');
    await new Promise((r) => setTimeout(r, 300));
    const started = performance.now();
    await database.close();
    const ms = performance.now() - started;
    // 3 s for the pool, 10 s for the thread to close itself, then it is terminated
    expect(ms).toBeLessThan(16_000);
    await expect(stuck).resolves.toBe('ended');
  }, 60_000);
});
