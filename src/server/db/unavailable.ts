import { chainMatches } from '../lib/errorChain';

/**
 * Errors that mean "the database cannot be reached right now" (a dropped or refused connection, a
 * server shutting down, the pool's connect timeout), as opposed to a bad query: they answer 503.
 */

/** Seconds a client is asked to wait (Retry-After) when the database is unreachable. */
export const DATABASE_RETRY_AFTER_S = 2;

// 57P01 admin_shutdown (pg_terminate_backend), 57P02 crash_shutdown, 57P03 cannot_connect_now, class 08 connection exceptions
const PG_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004']);
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const MESSAGES = [
  'connection terminated',
  'terminating connection',
  'timeout exceeded when trying to connect',
  'client has encountered a connection error',
  'connection is not queryable',
  'cannot use a pool after calling end',
];

const CODES = new Set([...PG_CODES, ...NODE_CODES]);

export function isDatabaseUnavailable(error: unknown): boolean {
  return chainMatches(error, CODES, MESSAGES);
}

/** The short reason for a log line: the error's code when it has one ("ECONNREFUSED", "57P01"). */
export function describeDatabaseError(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof e?.code === 'string') return e.code;
  if (Array.isArray(e?.errors) && e.errors.length > 0) return describeDatabaseError(e.errors[0]);
  return typeof e?.message === 'string' && e.message ? e.message : String(error);
}
