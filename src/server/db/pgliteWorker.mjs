// Plain ESM on purpose: a worker thread loads this file as it is, under tsx, jest and node alike.
//
// The embedded database in a thread of its own: PGlite (PostgreSQL in WebAssembly) served on a unix
// socket in the PostgreSQL wire protocol (pgliteWire.mjs); the server's thread connects with `pg`,
// as it does to PostgreSQL. See docs/decisions/embedded-database.md.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { exchangeProfile } from './pgliteProfile.mjs';
import { serveWire } from './pgliteWire.mjs';

const { dataDir, socketPath, loadDataDir, idleInTransactionMs, startParams } = workerData;

const db = await PGlite.create({
  dataDir,
  extensions: { pg_trgm },
  startParams,
  loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
});
const profileFile = process.env.WAVELENGTH_DB_PROFILE;
const server = await serveWire(db, socketPath, { idleInTransactionMs, onExchange: profileFile ? exchangeProfile(profileFile) : undefined });

parentPort.on('message', async (message) => {
  if (message.type === 'dump') {
    const dump = await (await db.dumpDataDir('gzip')).arrayBuffer();
    parentPort.postMessage({ type: 'dump', dump }, [dump]);
  } else if (message.type === 'close') {
    await new Promise((resolve) => server.close(resolve));
    if (!db.closed) await db.close();
    parentPort.postMessage({ type: 'closed' });
  }
});
parentPort.postMessage({ type: 'ready' });
