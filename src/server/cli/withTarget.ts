import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { migrateDatabase, openDatabase, type Database } from '../db/open';
import { describeDatabaseError, isDatabaseUnavailable } from '../db/unavailable';
import { ensureWritableDir } from '../startup/dataDir';
import { cliConfig } from './config';
import { CliError, type CliContext, type CliOutput, type CliTarget } from './command';
import { findRunningServer } from './target';

/** PostgreSQL: opened here, whether servers run or not (it takes many connections). */
async function openPostgres(databaseUrl: string): Promise<Database> {
  try {
    return await openDatabase({ databaseUrl, poolSize: 2, log: () => undefined });
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      throw new CliError(`database not reachable (${describeDatabaseError(error)}); check DATABASE_URL and that PostgreSQL is running`);
    }
    throw new CliError(`cannot open the database: ${describeDatabaseError(error)}`);
  }
}

/** The embedded database in DATA_DIR/db, opened here because no server holds it. */
async function openEmbedded(config: Config, output: CliOutput): Promise<Database> {
  const dir = path.join(config.dataDir, 'db');
  try {
    ensureWritableDir(config.dataDir, 'DATA_DIR');
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  if (!existsSync(dir)) output.err(`wavelength: no database in ${dir} yet: a new one is made (is DATA_DIR the server's?)`);
  try {
    return await openDatabase({ pgliteDir: dir, pgliteThread: 'main' });
  } catch (error) {
    throw new CliError(`cannot open the embedded database in ${dir}: ${(error as Error).message}`);
  }
}

async function useDatabase<T>(database: Database, use: (target: CliTarget) => Promise<T>): Promise<T> {
  try {
    await migrateDatabase(database);
    return await use({ kind: 'database', database });
  } finally {
    await database.close().catch(() => undefined);
  }
}

/**
 * Chooses where a command's work runs (docs/cli.md): PostgreSQL (DATABASE_URL) is always opened
 * here; the embedded database is asked of the server holding it when one runs (its control
 * socket), else opened here, since only one process may open it at a time.
 */
export function createWithTarget(env: NodeJS.ProcessEnv, output: CliOutput): CliContext['withTarget'] {
  return async (use) => {
    const config = cliConfig(env);
    if (config.databaseUrl) return useDatabase(await openPostgres(config.databaseUrl), use);
    const server = await findRunningServer(config.dataDir);
    if (server) return use(server);
    return useDatabase(await openEmbedded(config, output), use);
  };
}
