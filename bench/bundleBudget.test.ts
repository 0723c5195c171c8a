/**
 * @jest-environment node
 *
 * Keeps the bundle budget of DESIGN.md from regressing: the JavaScript the sign-in page loads
 * must stay within 150 KB gzip. Reads the build's bundle-stats.json; when dist/client has no
 * stats newer than the client's sources, it builds the client into a temporary folder first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildClient, chunkBytes, largestPackages, PAGES, readStats, signInBytes, SIGN_IN_BUDGET_BYTES, statsAreFresh, type BundleStats } from './bundle/stats';

const root = path.resolve(__dirname, '..');
let stats: BundleStats;
let tempDir: string | null = null;

beforeAll(() => {
  const dist = path.join(root, 'dist/client');
  if (statsAreFresh(root, dist)) {
    stats = readStats(dist);
    return;
  }
  tempDir = mkdtempSync(path.join(os.tmpdir(), 'wavelength-bundle-'));
  buildClient(root, tempDir);
  stats = readStats(tempDir);
}, 600_000);

afterAll(() => {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
});

test('the sign-in page loads at most 150 KB gzip of JavaScript', () => {
  const page = signInBytes(stats);
  const detail = `sign-in JS ${page.gzipBytes} B gzip over ${page.files.join(', ')}; largest packages (raw): ${largestPackages(stats)
    .map(([name, bytes]) => `${name} ${bytes}`)
    .join(', ')}`;
  if (page.gzipBytes > SIGN_IN_BUDGET_BYTES) throw new Error(`over the 150 KB budget: ${detail}`);
  expect(page.gzipBytes).toBeLessThanOrEqual(SIGN_IN_BUDGET_BYTES);
  expect(page.files.length).toBeGreaterThan(1);
});

test('every measured page and route is its own lazy chunk', () => {
  const chunks = chunkBytes(stats);
  for (const names of Object.values(PAGES)) for (const name of names) expect(chunks[name]).toBeGreaterThan(0);
  for (const name of ['auth-signup', 'search', 'music-box', 'radio', 'playlists', 'liked', 'settings', 'profile']) {
    expect(chunks[name]).toBeGreaterThan(0);
  }
});
