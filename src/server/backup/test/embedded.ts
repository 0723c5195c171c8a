import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../../db/open';

/** A migrated, empty embedded database, whichever engine the suite runs on (test:pg has no template). */
export async function openEmbedded(): Promise<Database> {
  const template = process.env.WAVELENGTH_PGLITE_TEMPLATE;
  if (template) return openDatabase({ pgliteLoadDataDir: new Blob([await readFile(template)]) });
  const database = await openDatabase({});
  await migrateDatabase(database);
  return database;
}

/** An empty PostgreSQL database on DATABASE_URL's server (not migrated): its URL, and how to drop it. */
export async function scratchPostgres(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `wl_move_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
