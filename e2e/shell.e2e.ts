import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { BASE_URL, createListener, launchBrowser, newContext, screenshot } from './support/browser';

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

test('at 360 px the sidebar folds behind a menu button and no page scrolls sideways', async () => {
  const context = await newContext(browser, { width: 360, height: 740 });
  const page = await context.newPage();
  const user = await createListener(page, 'phone');
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const menu = page.getByRole('button', { name: 'Open menu' });
  await menu.waitFor();
  const nav = page.getByRole('navigation', { name: 'Main' });
  assert.equal(await nav.isVisible(), false, 'the sidebar is hidden below 1024 px');
  await menu.click();
  await nav.getByRole('link', { name: 'Search' }).waitFor({ state: 'visible' });
  assert.equal(await menu.getAttribute('aria-expanded'), 'true');
  await nav.getByRole('link', { name: 'Search' }).click();
  await page.waitForURL('**/search');
  await page.waitForFunction(() => !document.querySelector('nav[aria-label="Main"]')?.checkVisibility({ visibilityProperty: true }));
  for (const path of ['/', '/search', '/music-box', '/radio', '/playlists', '/liked', '/settings', '/profile']) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${path} scrolls sideways by ${overflow}px at 360 px`);
  }
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await screenshot(page, 'home-phone');
  await context.close();
});

test('the keyboard reaches the skip link first and focus is visible', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  const user = await createListener(page, 'keys');
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  // a fresh page load, as a keyboard user arrives: the first Tab lands on the skip link
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return { text: el.textContent, outline: style.outlineStyle, width: style.outlineWidth };
  });
  assert.equal(focused.text, 'Skip to content');
  assert.notEqual(focused.outline, 'none');
  assert.notEqual(focused.width, '0px');
  await context.close();
});
