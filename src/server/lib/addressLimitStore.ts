import type { FastifyRateLimitOptions, FastifyRateLimitStore, RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/open';
import { rowsOf } from '../db/rowsOf';

const CLEANUP_EVERY_MS = 10 * 60_000;
const LOG_EVERY_MS = 10_000;

/**
 * Options for @fastify/rate-limit. On PostgreSQL the per-address counts live in the database, so
 * N instances share one limit instead of granting N times it. The embedded PGlite belongs to one
 * process, and its in-memory store is exact and costs no query.
 *
 * A failing store fails open (skipOnError): the per-address limit is the generous outer fence,
 * and a database hiccup must not turn every sign-in into a 500. The strict per-account limits
 * (auth_attempts) need the database anyway, so nothing unbounded gets through.
 */
export function addressLimitOptions(database: Database, log: FastifyBaseLogger): RateLimitPluginOptions {
  if (database.kind !== 'pg') return { global: false };
  return { global: false, skipOnError: true, store: postgresStore(database.db, log) };
}

export interface Hit {
  /** requests in the current window, this one included */
  current: number;
  /** ms until the window ends */
  ttl: number;
}

/**
 * Counts one request of `key` atomically: a row whose window has ended starts again at 1. The
 * database's clock decides, so instances with skewed clocks agree.
 */
export async function hitAddressLimit(db: Db, key: string, windowMs: number): Promise<Hit> {
  const result = await db.execute(sql`
    insert into address_limits as l (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      count = case when l.reset_at <= now() then 1 else l.count + 1 end,
      reset_at = case when l.reset_at <= now() then excluded.reset_at else l.reset_at end
    returning count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::bigint as ttl`);
  const rows = rowsOf<{ count: number; ttl: string | number }>(result);
  return { current: Number(rows[0].count), ttl: Number(rows[0].ttl) };
}

/** Forgets windows that have ended (a later request would start them afresh anyway). */
export async function deleteEndedAddressLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from address_limits where reset_at < now()`);
}

function postgresStore(db: Db, log: FastifyBaseLogger) {
  let lastCleanup = 0;
  let lastLogged = 0;
  const logFailure = (error: unknown, what: string) => {
    if (Date.now() - lastLogged < LOG_EVERY_MS) return;
    lastLogged = Date.now();
    log.warn({ err: error }, `per-address limits: ${what} failed; requests pass unlimited by address until the database answers`);
  };

  return class PostgresAddressLimitStore implements FastifyRateLimitStore {
    /** one namespace per route, like the in-memory store's one map per route */
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: Hit) => void, timeWindow: number): void {
      if (Date.now() - lastCleanup > CLEANUP_EVERY_MS) {
        lastCleanup = Date.now();
        deleteEndedAddressLimits(db).catch((error: unknown) => logFailure(error, 'cleanup'));
      }
      hitAddressLimit(db, `${this.prefix}${key}`, timeWindow).then(
        (hit) => callback(null, hit),
        (error: Error) => {
          logFailure(error, 'counting');
          callback(error);
        },
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // typed as the route's options; what arrives is the route's limit settings with the route
      // under routeInfo (the plugin's own RedisStore reads it the same way)
      const route = (routeOptions as unknown as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new PostgresAddressLimitStore({}, `${[route.method].flat().join(',')} ${route.url ?? ''}|`);
    }
  };
}
