// Plain ESM on purpose: run by plain node as it is, under tsx, jest and node alike.
//
// The first start of an embedded database: PGlite runs initdb (a second WebAssembly instance) in a
// short-lived process of its own, which then ends, so all the memory initdb touched goes back to
// the system rather than staying in the server for its life (docs/decisions/footprint.md).
//   node pgliteInitdb.mjs '{"dataDir": "...", "startParams": [...]}'
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const { dataDir, startParams } = JSON.parse(process.argv[2]);
const db = await PGlite.create({ dataDir, extensions: { pg_trgm }, startParams });
await db.close();
