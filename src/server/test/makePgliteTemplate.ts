import { writeFile } from 'node:fs/promises';
import { migrateDatabase, openDatabase } from '../db/open';

/** Migrates one in-memory PGlite and writes its dump to the file named on the command line. */
const file = process.argv[2];
const database = await openDatabase({});
await migrateDatabase(database);
const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
const dump = await client.dumpDataDir('gzip');
await writeFile(file, Buffer.from(await dump.arrayBuffer()));
await database.close();
