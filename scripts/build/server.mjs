// Plain ESM on purpose: `npm start` runs it with plain node, before anything is compiled.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Files the compiled server reads beside itself, by `new URL(…, import.meta.url)` or a folder path. */
const COPIED = [
  ['src/server/db/migrations', 'migrations'],
  ['src/server/db/pgliteWorker.mjs', 'pgliteWorker.mjs'],
  ['src/server/db/pgliteWire.mjs', 'pgliteWire.mjs'],
  ['src/server/db/pgliteProfile.mjs', 'pgliteProfile.mjs'],
  ['src/server/db/pgliteInitdb.mjs', 'pgliteInitdb.mjs'],
];

/** The entry points: the server, and the admin command line (docs/cli.md) when it exists. */
const ENTRIES = { index: 'src/server/index.ts', cli: 'src/server/cli/main.ts' };

/**
 * Compiles the server into outDir (dist/server): one ESM bundle per entry with the packages left to
 * node_modules, shared code and lazy modules as chunks in the same folder (so every
 * `import.meta.url` still points at outDir), source maps kept. The running server then needs no
 * TypeScript compiler and no loader.
 */
export async function buildServer(root, outDir = path.join(root, 'dist/server')) {
  const { build } = await import('esbuild');
  const { existsSync } = await import('node:fs');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const entryPoints = Object.fromEntries(Object.entries(ENTRIES).filter(([, file]) => existsSync(path.join(root, file))));
  const started = Date.now();
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(entryPoints).map(([name, file]) => [name, path.join(root, file)])),
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    chunkNames: 'chunk-[hash]',
    logLevel: 'warning',
    // a stack trace names the TypeScript file and line through the source map
    banner: { js: "import { setSourceMapsEnabled as __wavelengthSourceMaps } from 'node:process'; __wavelengthSourceMaps(true);" },
  });
  for (const [from, to] of COPIED) cpSync(path.join(root, from), path.join(outDir, to), { recursive: true });
  writeFileSync(path.join(outDir, 'build.json'), `${JSON.stringify({ builtAt: new Date().toISOString(), entries: Object.keys(entryPoints) })}\n`);
  return Date.now() - started;
}
