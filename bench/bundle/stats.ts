/**
 * Reads the webpack build's bundle-stats.json (scripts/webpack/BundleStatsPlugin.ts) and answers
 * "how many gzip bytes of JavaScript does this page load". Shared by `npm run bench -- --only
 * bundle` and the bundle-budget unit test, so no import.meta here (jest runs it as CommonJS).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BundleStats } from '../../scripts/webpack/BundleStatsPlugin';
import { newestMtime } from '../../scripts/build/sources.cjs';

export type { BundleStats };

/** DESIGN.md "Budgets": the JavaScript the sign-in page loads, gzip; KB = 1000 bytes. */
export const SIGN_IN_BUDGET_BYTES = 150_000;
export const SIGN_IN_AIM_BYTES = 130_000;
/** What the app SPEC was written from loads on every page (DESIGN.md): the reference. */
export const REFERENCE_APP_BYTES = 143_000;

export const STATS_FILE = 'bundle-stats.json';

/** The chunks each measured page needs beyond the entry (names from src/client/app/router.tsx). */
export const PAGES: Record<string, string[]> = {
  '/auth/login': ['auth-login'],
  '/ (signed-in home)': ['shell', 'home'],
  '/search': ['shell', 'search'],
  '/radio': ['shell', 'radio'],
};

export interface PageBytes {
  files: string[];
  gzipBytes: number;
}

export function readStats(clientDir: string): BundleStats {
  return JSON.parse(readFileSync(path.join(clientDir, STATS_FILE), 'utf8')) as BundleStats;
}

/** The entry's files plus those of the named async chunks, each file counted once. */
export function pageBytes(stats: BundleStats, chunkNames: string[]): PageBytes {
  const files = new Map<string, number>();
  for (const f of stats.entry) files.set(f.file, f.gzipBytes);
  for (const name of chunkNames) {
    const chunk = stats.chunks[name];
    if (!chunk) throw new Error(`bundle stats have no chunk named "${name}" (chunks: ${Object.keys(stats.chunks).join(', ')})`);
    for (const f of chunk) files.set(f.file, f.gzipBytes);
  }
  return { files: [...files.keys()], gzipBytes: [...files.values()].reduce((a, b) => a + b, 0) };
}

export function signInBytes(stats: BundleStats): PageBytes {
  return pageBytes(stats, PAGES['/auth/login']);
}

/** gzip bytes each route chunk adds beyond the entry (a chunk's shared split files included). */
export function chunkBytes(stats: BundleStats): Record<string, number> {
  return Object.fromEntries(Object.entries(stats.chunks).map(([name, files]) => [name, files.reduce((a, f) => a + f.gzipBytes, 0)]));
}

/** Raw source bytes per npm package, largest first: what to look at when the budget is missed. */
export function largestPackages(stats: BundleStats, count = 8): [string, number][] {
  return Object.entries(stats.packages)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count);
}

/** True when clientDir has stats newer than every source the client is built from. */
export function statsAreFresh(root: string, clientDir: string): boolean {
  const file = path.join(clientDir, STATS_FILE);
  if (!existsSync(file)) return false;
  const sources = ['src/client', 'src/contract', 'public', 'scripts/webpack', 'webpack.config.ts', 'package-lock.json'];
  return Math.max(...sources.map((p) => newestMtime(path.join(root, p)))) < statSync(file).mtimeMs;
}

/** A production build of the client into outDir (CLIENT_OUT_DIR), as `npm run build` makes it. */
export function buildClient(root: string, outDir: string): void {
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'production', CLIENT_OUT_DIR: outDir },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (result.status !== 0) throw new Error(`the client did not build:\n${result.stdout}\n${result.stderr}`);
}
