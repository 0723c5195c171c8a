import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { migrateDatabase, openDatabase, type Database } from './db/open';
import { loggerOptions } from './logging';
import { seedDemoLibrary } from './library/demo/seedDemoLibrary';
import { controlSocketPlugin } from './startup/admin/controlSocket';
import { bootstrapAdmin, type AdminBootstrap } from './startup/bootstrapAdmin';
import { connectWithRetry, DatabaseUnreachableError } from './startup/connectWithRetry';
import { ensureWritableDir } from './startup/dataDir';
import { resolveJwtSecret } from './startup/secret';
import { closeOnSignals } from './startup/shutdown';
import { removeStaleUploadParts } from './startup/staleUploads';
import { removeDeadDatabaseSockets } from './startup/databaseSockets';
import { sweepUploadLeftovers } from './startup/uploadLeftovers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLIENT_DIR = process.env.CLIENT_DIR ? path.resolve(process.env.CLIENT_DIR) : path.join(ROOT, 'dist/client');

function fail(message: string): never {
  console.error(`wavelength: ${message}`);
  process.exit(1);
}

/** DB_CONNECT_TIMEOUT_S: how long start-up waits for an unreachable PostgreSQL (default 30 s). */
function databaseConnectTimeoutMs(): number {
  const raw = process.env.DB_CONNECT_TIMEOUT_S;
  if (raw === undefined || raw === '') return 30_000;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0) fail(`Invalid DB_CONNECT_TIMEOUT_S: expected a number of seconds, got "${raw}"`);
  return seconds * 1000;
}

function loadConfigOrFail(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/** DATA_DIR and MEDIA_DIR writable, and uploads a previous run left unfinished removed. */
async function prepareDirs(config: Config): Promise<void> {
  try {
    ensureWritableDir(config.dataDir, 'DATA_DIR');
    ensureWritableDir(config.mediaDir, 'MEDIA_DIR');
  } catch (error) {
    fail((error as Error).message);
  }
  const staleParts = await removeStaleUploadParts(config.mediaDir).catch((error: Error) => {
    console.warn(`wavelength: could not clean ${config.mediaDir}/tmp: ${error.message}`);
    return 0;
  });
  if (staleParts) console.log(`wavelength: removed ${staleParts} unfinished upload${staleParts === 1 ? '' : 's'} from ${config.mediaDir}/tmp`);
  // before this process makes its own: a folder named with this process id is a killed server's
  const sockets = await removeDeadDatabaseSockets().catch(() => 0);
  if (sockets) console.log(`wavelength: removed ${sockets} database socket folder${sockets === 1 ? '' : 's'} a killed server left`);
}

/** What a killed server left of its uploads (issue 27): temporary files and orphans, cleared at once. */
async function sweepLeftovers(database: Database, config: Config): Promise<void> {
  const warn = (what: string) => (error: Error) => {
    console.warn(`wavelength: could not clean ${what}: ${error.message}`);
    return null;
  };
  const uploads = await sweepUploadLeftovers(database.db, config.mediaDir).catch(warn('unfinished uploads'));
  if (uploads && uploads.removed + uploads.finished + uploads.orphans > 0) {
    console.log(`wavelength: unfinished uploads: ${uploads.removed} removed, ${uploads.finished} finished, ${uploads.orphans} orphaned files removed`);
  }
}

/** The unfinished FLAC copies a killed server's ffmpeg left, removed by the app's cache at once (not at its first copy). */
async function sweepFlacCopies(app: FastifyInstance): Promise<void> {
  const parts = await app.flacCopies.sweepParts().catch((error: Error) => {
    app.log.warn({ err: error }, 'could not clean DATA_DIR/transcode');
    return 0;
  });
  if (parts) app.log.info(`removed ${parts} unfinished FLAC cop${parts === 1 ? 'y' : 'ies'} from DATA_DIR/transcode`);
}

/** The database, migrated: PostgreSQL when DATABASE_URL is set (waited for a bounded time), else PGlite in DATA_DIR. */
async function openMigratedDatabase(config: Config): Promise<Database> {
  const openOnce = () =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
      pgliteThread: config.pgliteThread,
      pgliteWasm: config.pgliteWasm,
      log: (line) => console.warn(`wavelength: ${line}`),
      // Nothing works without the embedded database: end, so a supervisor starts the server again.
      onEmbeddedLost: () => fail('the embedded database stopped; restart the server'),
    });
  // PostgreSQL may still be starting (compose, a reboot): wait for it a bounded time.
  const opening = config.databaseUrl
    ? connectWithRetry(openOnce, { timeoutMs: databaseConnectTimeoutMs(), log: (line) => console.error(`wavelength: ${line}`) })
    : openOnce();
  const database = await opening.catch((error: Error) =>
    fail(error instanceof DatabaseUnreachableError ? error.message : `cannot open the database: ${error.message}`),
  );
  await migrateDatabase(database);
  return database;
}

async function listenOrFail(app: FastifyInstance, config: Config): Promise<void> {
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    await app.close().catch(() => undefined);
    if (code === 'EADDRINUSE') fail(`port ${config.port} on ${config.host} is already in use (set PORT to another port)`);
    if (code === 'EACCES') fail(`no permission to listen on ${config.host}:${config.port}`);
    fail(`cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
}

function announce(app: FastifyInstance, config: Config, admin: AdminBootstrap): void {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  console.log(`wavelength: listening on ${url}`);
  if (admin.kind === 'generated') {
    console.log(`wavelength: admin account created: ${admin.email} / password ${admin.password} (shown once; change it in Settings)`);
  }
}

async function main(): Promise<void> {
  const config = loadConfigOrFail();
  await prepareDirs(config);
  const database = await openMigratedDatabase(config);
  await sweepLeftovers(database, config);
  const admin = await bootstrapAdmin(
    database.db,
    config.adminEmail && config.adminPassword ? { email: config.adminEmail, password: config.adminPassword } : undefined,
  );
  const app = await buildApp({
    config,
    database,
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    clientDir: CLIENT_DIR,
    logger: loggerOptions(config.logLevel),
    ownsDatabase: true,
  });
  await sweepFlacCopies(app);
  // the embedded database opens in one process: the admin command line asks this one (docs/product.md §10)
  if (!config.databaseUrl) await app.register(controlSocketPlugin, { dataDir: config.dataDir });
  if (config.demoLibrary) {
    const added = await seedDemoLibrary({ db: database.db, mediaDir: config.mediaDir, log: app.log });
    if (added) app.log.info(`demo library: ${added} tracks added`);
  }
  await listenOrFail(app, config);
  announce(app, config, admin);
  // MUSIC_DIR is scanned in the background: the app serves at once (docs/product.md §5.7)
  if (config.musicDirs.length) void app.library.start().catch((error: Error) => app.log.error({ err: error }, 'library scan could not start'));
  if (config.musicDirs.length && config.musicWatch) app.libraryWatcher.start();
  closeOnSignals(app, { graceMs: config.shutdownGraceMs });
}

main().catch((error: Error) => fail(error.message));
