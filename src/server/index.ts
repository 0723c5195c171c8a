import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { migrateDatabase, openDatabase } from './db/open';
import { loggerOptions } from './logging';
import { seedDemoLibrary } from './media/demo/seedDemoLibrary';
import { bootstrapAdmin } from './startup/bootstrapAdmin';
import { buildClient, clientBuildIsStale } from './startup/clientBuild';
import { ensureWritableDir } from './startup/dataDir';
import { resolveJwtSecret } from './startup/secret';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLIENT_DIR = process.env.CLIENT_DIR ? path.resolve(process.env.CLIENT_DIR) : path.join(ROOT, 'dist/client');

function fail(message: string): never {
  console.error(`wavelength: ${message}`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  try {
    ensureWritableDir(config.dataDir, 'DATA_DIR');
    ensureWritableDir(config.mediaDir, 'MEDIA_DIR');
  } catch (error) {
    fail((error as Error).message);
  }

  if (process.env.SKIP_CLIENT_BUILD !== '1' && clientBuildIsStale(ROOT, CLIENT_DIR)) {
    console.log('wavelength: building the web client (first start or sources changed)...');
    try {
      buildClient(ROOT);
    } catch (error) {
      fail((error as Error).message);
    }
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  }).catch((error: Error) => fail(`cannot open the database: ${error.message}`));
  await migrateDatabase(database);

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
  if (config.demoLibrary) {
    const added = await seedDemoLibrary({ db: database.db, mediaDir: config.mediaDir, log: app.log });
    if (added) app.log.info(`demo library: ${added} tracks added`);
  }

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    await app.close().catch(() => undefined);
    if (code === 'EADDRINUSE') fail(`port ${config.port} on ${config.host} is already in use (set PORT to another port)`);
    if (code === 'EACCES') fail(`no permission to listen on ${config.host}:${config.port}`);
    fail(`cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  console.log(`wavelength: listening on ${url}`);
  if (admin.kind === 'generated') {
    console.log(`wavelength: admin account created: ${admin.email} / password ${admin.password} (shown once; change it in Settings)`);
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: Error) => fail(error.message));
