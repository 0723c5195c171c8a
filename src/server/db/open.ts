import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './database';
import { openPglite, type PgliteOptions } from './pglite';
import { openPostgres } from './postgres';

export type { AdvisoryLock, Database, Db, Unlisten } from './database';

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions extends PgliteOptions {
  /** postgres:// URL; when absent the embedded PGlite is used */
  databaseUrl?: string;
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
