import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser, newContext, screenshot } from './support/browser';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

test('a visitor who opens / lands on the sign-in page', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto('/');
  await page.waitForURL('**/auth/login');
  assert.equal(new URL(page.url()).pathname, '/auth/login');
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await screenshot(page, 'sign-in');
  await context.close();
});

test('a deep link serves the app and unknown API paths answer JSON', async () => {
  const page = await (await newContext(browser)).newPage();
  const deep = await page.request.get(`${BASE_URL}/playlists/abc`);
  assert.equal(deep.status(), 200);
  assert.match(await deep.text(), /<div id="?root"?>/);
  const api = await page.request.get(`${BASE_URL}/api/nope`);
  assert.equal(api.status(), 404);
  assert.deepEqual(await api.json(), { success: false, message: 'Not found' });
});

test('an unknown page shows the 404 page with Go Back', async () => {
  const page = await (await newContext(browser)).newPage();
  await page.goto('/no/such/page');
  await page.getByRole('heading', { name: '404' }).waitFor();
  assert.ok(await page.getByRole('button', { name: 'Go Back' }).isVisible());
});
