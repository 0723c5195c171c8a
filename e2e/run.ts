/**
 * npm run test:e2e: builds the client into a temporary folder and the server into dist/server, starts
 * the compiled server on a free port with a temporary DATA_DIR (demo library and a known admin), then runs e2e/*.e2e.ts with
 * node's test runner; every test drives Debian's chromium through playwright-core.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../scripts/build/server.mjs';
import { startMockListenBrainz } from '../src/server/modules/scrobble/test/mockListenBrainz';
import { E2E_LISTENBRAINZ, freePort, startServer } from './support/server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'wavelength-e2e-'));
const clientDir = process.env.E2E_CLIENT_DIR ?? path.join(tmp, 'client');

if (!process.env.E2E_CLIENT_DIR) {
  console.log('e2e: building the client...');
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, CLIENT_OUT_DIR: clientDir },
    },
  );
  if (build.status !== 0) process.exit(1);
}

console.log('e2e: compiling the server...');
await buildServer(root);

// a local ListenBrainz the server scrobbles to (e2e/scrobble.e2e.ts reads what it received)
const listenBrainz = await startMockListenBrainz({ tokens: { [E2E_LISTENBRAINZ.token]: E2E_LISTENBRAINZ.user } });
const port = await freePort();
const server = await startServer({ root, port, dataDir: path.join(tmp, 'data'), clientDir, env: { LISTENBRAINZ_URL: listenBrainz.url } });
console.log(`e2e: server on ${server.baseUrl}`);

// arguments are e2e files, or words that pick the e2e files whose names contain them (`-- playback click`)
const only = process.argv.slice(2);
const all = readdirSync(path.join(root, 'e2e'))
  .filter((f) => f.endsWith('.e2e.ts'))
  .map((f) => path.join('e2e', f));
const files = (
  only.length ? [...new Set(only.flatMap((arg) => (existsSync(path.join(root, arg)) ? [arg] : all.filter((f) => path.basename(f).includes(arg)))))] : all
).sort();
if (!files.length) {
  console.error(`e2e: no e2e file matches ${only.join(' ')}`);
  await server.stop();
  await listenBrainz.close();
  process.exit(1);
}
console.log(`e2e: ${files.join(' ')}`);
const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), '--test', '--test-concurrency=1', ...files], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    E2E_BASE_URL: server.baseUrl,
    E2E_DATA_DIR: path.join(tmp, 'data'),
    E2E_CLIENT_DIR: clientDir,
    E2E_LISTENBRAINZ_URL: listenBrainz.url,
  },
});
const code: number = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
await server.stop();
await listenBrainz.close();
if (!process.env.E2E_KEEP) rmSync(tmp, { recursive: true, force: true });
process.exit(code);
