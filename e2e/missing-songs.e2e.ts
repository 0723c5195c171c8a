/**
 * Issue 27, item 3: a song whose file is gone is marked missing by a Rescan, and an admin sees it
 * in Settings › Library (docs/product.md §2.10) and removes it, at 360 px wide, from the keyboard.
 * Starts its own server with MUSIC_DIR (the shared one of run.ts has none).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { ruleViolations } from './support/axe';
import { E2E_ADMIN, launchBrowser } from './support/browser';
import { freePort, startServer, type RunningServer } from './support/server';
import { eventually } from './support/waits';

const run = promisify(execFile);
const TITLES = ['Lantern Walk', 'Gone Tomorrow'];

let tmp: string;
let music: string;
let server: RunningServer;
let browser: Browser;
let token: string;

async function api<T>(url: string): Promise<T> {
  const res = await fetch(`${server.baseUrl}/api${url}`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200, `${url}: ${res.status}`);
  return (await res.json()) as T;
}

/** A tagged 3-second FLAC. */
async function makeFlac(title: string, index: number) {
  const file = path.join(music, 'Paper Birds', `${index + 1} ${title}.flac`);
  await mkdir(path.dirname(file), { recursive: true });
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${440 + index * 60}:duration=3`, '-c:a', 'flac'],
    ...['-metadata', `title=${title}`, '-metadata', 'artist=Paper Birds', '-metadata', 'album=Night Shifts', '-metadata', `track=${index + 1}`],
    file,
  ]);
  return file;
}

let gone: string;
before(
  async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'wavelength-missing-e2e-'));
    music = path.join(tmp, 'music');
    const files = await Promise.all(TITLES.map(makeFlac));
    gone = files[1];
    const clientDir = process.env.E2E_CLIENT_DIR ?? path.join(path.dirname(process.env.E2E_DATA_DIR ?? tmp), 'client');
    server = await startServer({
      root: path.resolve('.'),
      port: await freePort(),
      dataDir: path.join(tmp, 'data'),
      clientDir,
      env: { MUSIC_DIR: music, MUSIC_WATCH: 'off' },
    });
    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: E2E_ADMIN.email, password: E2E_ADMIN.password }),
    });
    token = ((await login.json()) as { token: { token: string } }).token.token;
    // the start-up scan reads both files
    await eventually(
      () => api<{ running: boolean; lastResult: { counters: { added: number } } | null }>('/library/scan'),
      (s) => !s.running && (s.lastResult?.counters.added ?? 0) === TITLES.length,
      'the start-up scan of both files',
      60_000,
    );
    browser = await launchBrowser();
  },
  { timeout: 180_000 },
);

after(async () => {
  await browser?.close();
  await server?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test('Settings › Library at 360 px: Rescan marks a removed file missing, the admin sees it and removes it', async () => {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto('/auth/login');
  await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
  await page.goto('/settings');
  const library = page.getByRole('region', { name: 'Library' });
  const missing = library.getByRole('region', { name: 'Missing songs' });
  await missing.getByText('No songs are missing.').waitFor();

  await rm(gone);
  await library.getByRole('button', { name: 'Rescan' }).click();
  await missing.getByText('1 missing song, hidden until their file is back.').waitFor({ timeout: 30_000 });
  const lastScan = library.getByLabel('Last scan');
  assert.equal(await lastScan.getByText('Marked missing').locator('xpath=following-sibling::dd').textContent(), '1');
  const row = missing.getByRole('list', { name: 'Missing songs' }).getByRole('listitem');
  assert.equal(await row.count(), 1);
  await row.getByText('Gone Tomorrow', { exact: true }).waitFor();
  await row.getByText('Paper Birds · Night Shifts', { exact: true }).waitFor();
  await row.getByText('Paper Birds/2 Gone Tomorrow.flac', { exact: true }).waitFor();
  await row.getByText(/^Missing since /).waitFor();

  // nothing wider than the phone, every control named
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no sideways scrolling at 360 px');
  assert.deepEqual(await ruleViolations(page, ['button-name', 'label', 'list', 'listitem', 'aria-dialog-name']), []);

  // from the keyboard: Remove missing songs, then the dialog's Remove
  const remove = missing.getByRole('button', { name: 'Remove missing songs' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Remove 1 missing song?' });
  await dialog.getByText('Are you sure you want to remove the missing songs? Their likes, plays and playlist entries are deleted too.').waitFor();
  // the modal holds the focus; Tab reaches Remove
  const confirm = dialog.getByRole('button', { name: 'Remove' });
  const focused = () => confirm.evaluate((b) => b === document.activeElement);
  for (let i = 0; i < 3 && !(await focused()); i++) await page.keyboard.press('Tab');
  assert.equal(await focused(), true, 'Tab reaches Remove');
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Removed 1 missing song' }).waitFor();
  await missing.getByText('No songs are missing.').waitFor();
  const left = await api<{ songs: unknown[]; total: number }>('/library/missing');
  assert.equal(left.total, 0);
  await context.close();
});
