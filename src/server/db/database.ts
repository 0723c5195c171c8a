import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';
import type { SessionEndings } from './sessionEndings';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Unlisten = () => Promise<void>;

/** The database, whichever engine is behind it, plus the LISTEN/NOTIFY both engines offer. */
export interface Database {
  db: Db;
  /** the embedded database or a PostgreSQL server */
  kind: 'pglite' | 'pg';
  /** how drizzle talks to it: PGlite's own client in this thread, or `pg` over a socket */
  driver: 'pglite' | 'pg';
  /** the sessions ended through this handle, which empty the session check caches over it (sessionEndings.ts) */
  readonly sessionEndings: SessionEndings;
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>;
  notify(channel: string, payload: string): Promise<void>;
  /** Runs fn while holding a session-level advisory lock taken with pg_try_advisory_lock; false when another holds it. */
  tryAdvisoryLock(key: number): Promise<AdvisoryLock | null>;
  /**
   * PostgreSQL only: runs fn on a connection of its own while it holds the session-level advisory
   * lock `key` (waiting for it), released after. The embedded database has one process: no lock.
   */
  exclusively?<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Calls handler each time LISTEN is back after its connection dropped: notifications sent
   * meanwhile are lost, so subscribers re-read what they cache. Answers the unsubscribe.
   */
  onReconnect(handler: () => void): () => void;
  /** The connections of its pg pool (to PostgreSQL, or to the embedded database's thread); absent without a pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** The embedded database only: its data folder as a gzip dump (PGlite's loadDataDir reads it back). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface AdvisoryLock {
  /** False once the connection holding the lock has died (the server has released it). */
  readonly held: boolean;
  release(): Promise<void>;
}

/** A driver error in one word for a log line: its code when it has one. */
export function describeError(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return e.code ?? e.message ?? String(error);
}
