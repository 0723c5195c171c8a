import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database, Db } from './database';
import * as schema from './schema';
import { SessionEndings } from './sessionEndings';

export interface PgliteOptions {
  /** folder for PGlite's files; undefined means in memory */
  pgliteDir?: string;
  /** a PGlite data dump (from dumpDataDir) to start from, for fast test databases */
  pgliteLoadDataDir?: Blob | File;
  /** where PGlite runs: 'worker' (its own thread, the default) or 'main' (the server's thread, the earlier arrangement, kept as the bench's reference) */
  pgliteThread?: 'worker' | 'main';
  /** in its thread: V8 runs PGlite's WebAssembly on its baseline compiler only (the default: less memory) or optimizes hot code */
  pgliteWasm?: 'baseline' | 'optimized';
  /** in its thread: how long a connection may hold the session idle inside a transaction (default 10 s) */
  pgliteIdleInTransactionMs?: number;
}

/**
 * The embedded database on the server's own thread (the earlier arrangement, kept as the bench's
 * reference and for dumps): one process owns it, so its lock is always held and it never reconnects.
 */
export async function openPgliteHere(options: PgliteOptions): Promise<Database> {
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.pgliteDir,
    extensions: { pg_trgm },
    loadDataDir: options.pgliteLoadDataDir,
  });
  return {
    db: drizzle(client, { schema }) as unknown as Db,
    kind: 'pglite',
    sessionEndings: new SessionEndings(),
    driver: 'pglite',
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
    async dump() {
      return client.dumpDataDir('gzip');
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}
