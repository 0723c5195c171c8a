import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../db/open';

/**
 * A migrated, empty database of its own for one test file: PGlite by default
 * (loaded from the global setup's dump), or, with DATABASE_URL, a fresh
 * PostgreSQL database that close() drops again.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) return createPostgresDatabase(url);
  const template = process.env.WAVELENGTH_PGLITE_TEMPLATE;
  if (!template) {
    const database = await openDatabase({});
    await migrateDatabase(database);
    return database;
  }
  const dump = new Blob([await readFile(template)]);
  return openDatabase({ pgliteLoadDataDir: dump });
}

async function createPostgresDatabase(url: string): Promise<Database> {
  const name = `wl_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 20 });
  await migrateDatabase(database);
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  return database;
}
