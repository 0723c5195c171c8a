import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type Unlisten = () => Promise<void>;

/** The database, whichever engine is behind it, plus the LISTEN/NOTIFY both engines offer. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>;
  notify(channel: string, payload: string): Promise<void>;
  /** Runs fn while holding a session-level advisory lock taken with pg_try_advisory_lock; false when another holds it. */
  tryAdvisoryLock(key: number): Promise<AdvisoryLock | null>;
  /**
   * Calls handler each time LISTEN is back after its connection dropped: notifications sent
   * meanwhile are lost, so subscribers re-read what they cache. Answers the unsubscribe.
   */
  onReconnect(handler: () => void): () => void;
  close(): Promise<void>;
}

export interface AdvisoryLock {
  /** False once the connection holding the lock has died (the server has released it). */
  readonly held: boolean;
  release(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL; when absent the embedded PGlite is used */
  databaseUrl?: string;
  /** folder for PGlite's files; undefined means in memory */
  pgliteDir?: string;
  /** a PGlite data dump (from dumpDataDir) to start from, for fast test databases */
  pgliteLoadDataDir?: Blob | File;
  poolSize?: number;
  /** PostgreSQL only: where connection drops and reconnects are reported (default: console.warn) */
  log?: (message: string) => void;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.log ?? ((message) => console.warn(`wavelength: ${message}`)));
  }
  return openPglite(options);
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}

async function openPglite(options: OpenOptions): Promise<Database> {
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.pgliteDir,
    extensions: { pg_trgm },
    loadDataDir: options.pgliteLoadDataDir,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      const unsub = await client.listen(channel, onPayload);
      return async () => unsub();
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async tryAdvisoryLock() {
      // One process owns an embedded database: it always holds the lock.
      return { held: true, release: async () => {} };
    },
    onReconnect() {
      // an embedded database has no connection to lose
      return () => {};
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/** How long a request waits for a connection before it fails (and answers 503) rather than hanging. */
const CONNECTION_TIMEOUT_MS = 5_000;
const LISTEN_BACKOFF_FIRST_MS = 100;
const LISTEN_BACKOFF_MAX_MS = 5_000;

async function openPostgres(url: string, poolSize: number, log: (message: string) => void): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: CONNECTION_TIMEOUT_MS });
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
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const reconnectHandlers = new Set<() => void>();
  let listener: Promise<pg.Client> | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;

  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECTION_TIMEOUT_MS });
    client.on('error', (error) => log(`LISTEN connection error (${describeError(error)})`));
    client.on('notification', (msg) => {
      for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    client.once('end', onListenerLost);
    return client;
  }

  function listenerClient(): Promise<pg.Client> {
    if (!listener) {
      listener = connectListener();
      listener.catch(() => {
        listener = null;
      });
    }
    return listener;
  }

  function onListenerLost(): void {
    if (closed) return;
    listener = null;
    log('LISTEN connection lost; reconnecting');
    scheduleReconnect(LISTEN_BACKOFF_FIRST_MS);
  }

  function scheduleReconnect(delayMs: number): void {
    if (closed) return;
    // jitter spreads the reconnects of many instances after one server restart
    const jittered = Math.round(delayMs / 2 + Math.random() * (delayMs / 2));
    retryTimer = setTimeout(() => {
      retryTimer = null;
      listenerClient().then(
        () => {
          log('LISTEN connection restored');
          for (const handler of reconnectHandlers) handler();
        },
        (error: Error) => {
          const next = Math.min(delayMs * 2, LISTEN_BACKOFF_MAX_MS);
          log(`LISTEN reconnect failed (${describeError(error)}), retrying in ${next} ms`);
          scheduleReconnect(next);
        },
      );
    }, jittered);
    retryTimer.unref();
  }

  return {
    db,
    kind: 'pg',
    async listen(channel, onPayload) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        try {
          const client = await listenerClient();
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          handlers.delete(channel);
          throw error;
        }
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async tryAdvisoryLock(key) {
      // Session-level locks belong to a connection: keep that connection until release.
      const client = await pool.connect();
      let held = true;
      let dead = false;
      const onError = (error: Error) => {
        dead = true;
        held = false;
        log(`advisory lock connection lost (${describeError(error)})`);
      };
      client.on('error', onError);
      const giveBack = () => {
        client.removeListener('error', onError);
        // a dead connection is destroyed instead of going back to the pool
        client.release(dead ? true : undefined);
      };
      try {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
        if (!rows[0]?.locked) {
          giveBack();
          return null;
        }
      } catch (error) {
        dead = true;
        giveBack();
        throw error;
      }
      return {
        get held() {
          return held;
        },
        async release() {
          if (!dead) await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
          held = false;
          giveBack();
        },
      };
    },
    onReconnect(handler) {
      reconnectHandlers.add(handler);
      return () => reconnectHandlers.delete(handler);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = await listener?.catch(() => null);
      if (current) await current.end().catch(() => undefined);
      await pool.end();
    },
  };
}

function describeError(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return e.code ?? e.message ?? String(error);
}
