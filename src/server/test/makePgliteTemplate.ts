import { writeFile } from 'node:fs/promises';
import { migrateDatabase, openDatabase } from '../db/open';

/** Migrates one in-memory PGlite and writes its dump to the file named on the command line. */
const file = process.argv[2];
const database = await openDatabase({});
await migrateDatabase(database);
const dump = await database.dump!();
await writeFile(file, Buffer.from(await dump.arrayBuffer()));
await database.close();
