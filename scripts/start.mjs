// npm start: compiles what is missing or older than its sources, then runs the compiled server in
// this very process with plain node (no TypeScript compiler, no loader, no second process).
// SKIP_CLIENT_BUILD=1 leaves the web client as it is (tests, or a client served from CLIENT_DIR).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, buildApp } from './build.mjs';

try {
  await buildApp({ client: process.env.SKIP_CLIENT_BUILD !== '1', server: true, ifStale: true });
} catch (error) {
  console.error(`wavelength: ${error.message}`);
  process.exit(1);
}
await import(pathToFileURL(path.join(ROOT, 'dist/server/index.js')).href);
