/**
 * The installable app (docs/product.md §2.17): chromium's installability check passes, the service
 * worker controls the page, the app opens from its cache with the server really stopped (its own
 * server here, so stopping it spares the other files' one), recovers when the server is back, and
 * a new worker is offered and taken only when the user clicks "Reload to update".
 */
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { signedInProfile } from './support/installableProfile';
import { freePort, startServer, type RunningServer } from './support/server';
import { eventually, expectVisible } from './support/waits';

const root = process.cwd();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'wavelength-pwa-'));
// a copy of the build: the update test writes a new sw.js into it
const clientDir = path.join(tmp, 'client');
const dataDir = path.join(tmp, 'data');
let port: number;
let server: RunningServer;
let context: BrowserContext;
let page: Page;

const start = () => startServer({ root, port, dataDir, clientDir, env: { SHUTDOWN_GRACE_S: '0' } });
const offlineNotice = () => page.getByText('You are offline. Wavelength will reconnect when the network is back.');

before(async () => {
  if (!process.env.E2E_CLIENT_DIR) throw new Error('run through e2e/run.ts (it sets E2E_CLIENT_DIR)');
  cpSync(process.env.E2E_CLIENT_DIR, clientDir, { recursive: true });
  port = await freePort();
  server = await start();
  ({ context, page } = await signedInProfile(tmp, server.baseUrl));
});

after(async () => {
  await context?.close();
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

test('the manifest passes chromium’s installability check', async () => {
  const manifest = await page.request.get('/manifest.webmanifest');
  assert.match(manifest.headers()['content-type'] ?? '', /^application\/manifest\+json/);
  const cdp = await context.newCDPSession(page);
  await eventually(
    async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors,
    (errors) => errors.length === 0,
    'chromium finds the app installable',
    15_000,
    250,
  );
  await cdp.detach();
});

test('the service worker controls the page after a reload', async () => {
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  assert.equal(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), `${server.baseUrl}/sw.js`);
});

test('with the server stopped, the app opens from the cache, says it is offline and what still works', async () => {
  await page.goto('/radio');
  await page.getByRole('heading', { name: 'Radio', level: 1 }).waitFor();
  await eventually(
    () => page.evaluate(() => localStorage.getItem('wavelength.user')),
    (u) => u !== null,
    'the browser keeps the signed-in user',
  );
  await server.stop();
  assert.notEqual(server.process.exitCode, null, 'the server process has exited');

  await page.reload();
  await expectVisible(page.getByRole('navigation', { name: 'Main' }), 'the app’s navigation shows, not a browser error page', 10_000);
  await expectVisible(page.getByRole('heading', { name: 'Radio', level: 1 }), 'the radio page opens from the cache');
  await expectVisible(offlineNotice(), 'the app says it is offline', 10_000);
  await expectVisible(page.getByText('The radio needs a network connection.'), 'the radio says it needs the network');
  const kept = page.getByRole('link', { name: 'Music on this device' });
  await expectVisible(kept, 'the notice offers the music kept on this device');
  await kept.click();
  await expectVisible(page.getByText('No music is kept on this device yet.'), 'the kept music page opens offline');
  await page.goBack();
  await page.getByRole('heading', { name: 'Radio', level: 1 }).waitFor();
});

test('when the server is back on the same port, the app recovers', async () => {
  server = await start();
  await eventually(
    () => offlineNotice().count(),
    (n) => n === 0,
    'the offline notice goes once the server answers',
    15_000,
  );
  await eventually(
    () => page.getByText('The radio needs a network connection.').count(),
    (n) => n === 0,
    'the radio no longer says it needs the network',
  );
});

test('a new version is offered, and taken only when the user clicks Reload to update', async () => {
  // a changed worker: its answer to VERSION? tells the new one from the old
  appendFileSync(
    path.join(clientDir, 'sw.js'),
    `\nself.addEventListener('message', (e) => { if (e.data === 'VERSION?') e.source.postMessage('updated'); });\n`,
  );
  const firstLoad = await page.evaluate(() => performance.timeOrigin);
  await page.evaluate(async () => void (await (await navigator.serviceWorker.getRegistration())!.update()));
  const prompt = page.getByText('A new version of Wavelength is ready.');
  await expectVisible(prompt, 'the app offers the new version', 15_000);
  assert.equal(await page.evaluate(() => performance.timeOrigin), firstLoad, 'the new version waits: no reload before the click');

  await page.getByRole('button', { name: 'Reload to update' }).click();
  await eventually(
    () => page.evaluate(() => performance.timeOrigin),
    (t) => t !== firstLoad,
    'the page reloads once the new worker has taken over',
    15_000,
  );
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  const answer = await page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return reject(new Error('no controller'));
        navigator.serviceWorker.addEventListener('message', (e) => resolve(String(e.data)), { once: true });
        controller.postMessage('VERSION?');
        setTimeout(() => reject(new Error('no answer from the controller')), 5000);
      }),
  );
  assert.equal(answer, 'updated', 'the reloaded page runs under the new worker');
  assert.equal(await prompt.count(), 0, 'the prompt is gone after the update');
});
