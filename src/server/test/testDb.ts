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

/**
 * An empty database of its own, no migration applied (the upgrade tests apply their own): PGlite
 * in memory, or with DATABASE_URL a fresh PostgreSQL database (its url given) that close() drops.
 */
export async function createEmptyTestDatabase(): Promise<{ database: Database; url?: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { database: await openDatabase({}) };
  const { database, dbUrl } = await newPostgresDatabase(url);
  return { database, url: dbUrl };
}

async function createPostgresDatabase(url: string): Promise<Database> {
  const { database } = await newPostgresDatabase(url);
  await migrateDatabase(database);
  return database;
}

async function newPostgresDatabase(url: string): Promise<{ database: Database; dbUrl: string }> {
  const name = `wl_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 20 });
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    // pool.end() resolves before the server has closed every backend; a forced drop would then
    // terminate them and their clients would raise an unhandled error. Wait (briefly) for them to go.
    for (let i = 0; i < 40; i++) {
      const { rows } = await dropper.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  return { database, dbUrl: dbUrl.toString() };
}
