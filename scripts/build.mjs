// npm run build: the web client (webpack) into dist/client and the server (esbuild) into dist/server.
//   node scripts/build.mjs             both halves
//   node scripts/build.mjs --if-stale  only the halves whose sources changed since they were built
//   node scripts/build.mjs --server    (or --client) one half
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient } from './build/client.mjs';
import { buildServer } from './build/server.mjs';
import { CLIENT_SOURCES, SERVER_SOURCES, isStale } from './build/sources.cjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Builds what is asked (or what is stale); says what it built. */
export async function buildApp({ client = true, server = true, ifStale = false, log = console.log } = {}) {
  const clientDir = process.env.CLIENT_DIR ? path.resolve(process.env.CLIENT_DIR) : path.join(ROOT, 'dist/client');
  const wantClient = client && (!ifStale || isStale(ROOT, path.join(clientDir, 'index.html'), CLIENT_SOURCES));
  const wantServer = server && (!ifStale || isStale(ROOT, path.join(ROOT, 'dist/server/build.json'), SERVER_SOURCES));
  if (wantServer) {
    const ms = await buildServer(ROOT);
    log(`wavelength: server compiled into dist/server in ${(ms / 1000).toFixed(1)} s`);
  }
  if (wantClient) {
    log('wavelength: building the web client...');
    const ms = buildClient(ROOT, clientDir);
    log(`wavelength: web client built into ${path.relative(ROOT, clientDir) || clientDir} in ${(ms / 1000).toFixed(1)} s`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = new Set(process.argv.slice(2));
  const unknown = [...args].filter((a) => !['--if-stale', '--client', '--server'].includes(a));
  if (unknown.length) {
    console.error(`build: unknown argument ${unknown[0]} (use --if-stale, --client, --server)`);
    process.exit(2);
  }
  const one = args.has('--client') || args.has('--server');
  await buildApp({ client: !one || args.has('--client'), server: !one || args.has('--server'), ifStale: args.has('--if-stale') }).catch((error) => {
    console.error(`wavelength: ${error.message}`);
    process.exit(1);
  });
}
