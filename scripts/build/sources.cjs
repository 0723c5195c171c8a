// Plain CommonJS on purpose: `npm start` runs it with plain node before anything is compiled, and
// jest (which loads the bench's TypeScript as CommonJS) requires it as it is.
'use strict';
const { existsSync, readdirSync, statSync } = require('node:fs');
const path = require('node:path');

/** What each half of the build is made from: a change to any of these makes that half stale. */
exports.CLIENT_SOURCES = ['src/client', 'src/contract', 'public', 'scripts/webpack', 'webpack.config.ts', 'package-lock.json'];
exports.SERVER_SOURCES = ['src/server', 'src/contract', 'scripts/build', 'package-lock.json'];

/** The newest modification time of a file, or of anything below a folder (node_modules and dot-files aside). */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}
exports.newestMtime = newestMtime;

/** True when `builtFile` is missing or older than any of `sources` (paths relative to root). */
exports.isStale = function isStale(root, builtFile, sources) {
  if (!existsSync(builtFile)) return true;
  return Math.max(...sources.map((p) => newestMtime(path.join(root, p)))) > statSync(builtFile).mtimeMs;
};
