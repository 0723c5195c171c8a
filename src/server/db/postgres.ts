import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describeError, type Database, type Db } from './database';
import { tryAdvisoryLock, withAdvisoryLock } from './postgresAdvisoryLock';
import { PostgresListener } from './postgresListener';
import * as schema from './schema';
import { SessionEndings } from './sessionEndings';

/** How long a request waits for a connection before it fails (and answers 503) rather than hanging. */
const CONNECTION_TIMEOUT_MS = 5_000;

/** A pool that survives the server closing its connections, and fails fast when the server is unreachable. */
export async function openPool(connection: string | pg.PoolConfig, poolSize: number, log: (message: string) => void): Promise<pg.Pool> {
  const target = typeof connection === 'string' ? { connectionString: connection } : connection;
  const pool = new pg.Pool({ ...target, max: poolSize, connectionTimeoutMillis: CONNECTION_TIMEOUT_MS });
  // An idle connection that the server closes emits 'error' on the pool: without a handler the process exits.
  pool.on('error', (error) => log(`database connection lost (${describeError(error)}); the pool reconnects on demand`));
  // A checked-out connection (a transaction between two queries) has no pool handler: this keeps its
  // 'error' from ending the process; its next query fails and the pool discards it.
  pool.on('connect', (client) => client.on('error', () => undefined));
  // Fail fast (and free the pool) when the server is unreachable: the caller decides whether to retry.
  const probe = await pool.connect().catch(async (error: unknown) => {
    await pool.end().catch(() => undefined);
    throw error;
  });
  probe.release();
  return pool;
}

/** PostgreSQL: queries through a pool, LISTEN on a connection of its own, advisory locks on theirs. */
export async function openPostgres(url: string, poolSize: number, log: (message: string) => void): Promise<Database> {
  const pool = await openPool(url, poolSize, log);
  const listener = new PostgresListener(url, CONNECTION_TIMEOUT_MS, log);
  return {
    db: drizzle(pool, { schema }) as unknown as Db,
    kind: 'pg',
    sessionEndings: new SessionEndings(),
    driver: 'pg',
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    tryAdvisoryLock: (key) => tryAdvisoryLock(pool, key, log),
    exclusively: (key, fn) => withAdvisoryLock(pool, key, (client) => fn(drizzle(client, { schema }) as unknown as Db)),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onReconnect: (handler) => listener.onReconnect(handler),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
