// npm run admin -- <command>: the admin command line (docs/cli.md). Compiles the server first when
// it is missing or older than its sources (said on stderr, so the command's own output stays clean),
// then runs dist/server/cli.js in this process, as `node dist/server/cli.js <command>` does.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, buildApp } from './build.mjs';

try {
  await buildApp({ client: false, server: true, ifStale: true, log: (line) => console.error(line) });
} catch (error) {
  console.error(`wavelength: ${error.message}`);
  process.exit(1);
}
await import(pathToFileURL(path.join(ROOT, 'dist/server/cli.js')).href);
