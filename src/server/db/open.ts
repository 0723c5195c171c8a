import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './database';
import type { PgliteOptions } from './pglite';
import { openPostgres } from './postgres';

export type { AdvisoryLock, Database, Db, Unlisten } from './database';

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions extends PgliteOptions {
  /** postgres:// URL; when absent the embedded PGlite is used */
  databaseUrl?: string;
  poolSize?: number;
  /** where connection drops and reconnects are reported (default: console.warn) */
  log?: (message: string) => void;
  /** embedded database in its thread only: that thread ended on its own */
  onEmbeddedLost?: (error: Error) => void;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const log = options.log ?? ((message: string) => console.warn(`wavelength: ${message}`));
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, log);
  // the embedded database's modules are loaded only when it is used, not beside PostgreSQL (docs/decisions/footprint.md)
  if (options.pgliteThread === 'main') return (await import('./pglite')).openPgliteHere(options);
  const { openPgliteThread } = await import('./pgliteThread');
  return openPgliteThread({ ...options, poolSize: options.poolSize ?? 10, log, onLost: options.onEmbeddedLost });
}

/** Advisory lock key ("migr"): instances starting together on one PostgreSQL migrate one after the other. */
export const MIGRATION_LOCK_KEY = 0x6d696772;

/**
 * Applies the migrations not yet applied (folder: another set, for the upgrade tests). On
 * PostgreSQL under MIGRATION_LOCK_KEY, so a second instance waits and then finds nothing to do,
 * instead of applying the same migration again (docs/decisions/operations.md).
 */
export async function migrateDatabase(database: Database, folder = MIGRATIONS_FOLDER): Promise<void> {
  const config = { migrationsFolder: folder };
  if (database.driver === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as never, config);
  } else if (database.exclusively) await database.exclusively(MIGRATION_LOCK_KEY, (db) => migratePg(db as never, config));
  else await migratePg(database.db as never, config);
}
