/**
 * What cannot be found says so: another user's or a malformed playlist, and the 404 page opened in a
 * fresh tab (Home as well as Go Back).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createListener, launchBrowser, newContext, signInByApi } from './support/browser';
import { expectVisible } from './support/waits';
import { freshListener, pathname } from './support/signedIn';
import { createPlaylistByApi } from './support/appApi';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

/** The page's error, once the page has settled on one (an alert exists today). */
async function alertText(page: Page): Promise<string> {
  const alert = page.getByRole('main').getByRole('alert');
  await alert.first().waitFor();
  return ((await alert.first().textContent()) ?? '').trim();
}

test("another user's playlist says Playlist not found", async () => {
  const owner = await freshListener(browser, 'owner');
  const id = await createPlaylistByApi(owner.page, owner.token, `Private ${Date.now().toString(36)}`);
  const other = await freshListener(browser, 'snoop', `/playlists/${id}`);
  assert.equal(await alertText(other.page), 'Playlist not found');
  await Promise.all([owner.close(), other.close()]);
});

test('a malformed playlist id says Playlist not found', async () => {
  const { page, close } = await freshListener(browser, 'malformed', '/playlists/not-a-playlist-id');
  assert.equal(await alertText(page), 'Playlist not found');
  await close();
});

test('the 404 page opened in a fresh tab offers Home as well as Go Back', async () => {
  const context = await newContext(browser);
  const setup = await context.newPage();
  const user = await createListener(setup, 'lost');
  await signInByApi(setup, user.email, user.password);
  await setup.close();

  const page = await context.newPage();
  await page.goto('/no/such/page');
  await page.getByRole('heading', { name: '404' }).waitFor();
  assert.ok(await page.getByRole('button', { name: 'Go Back' }).isVisible());
  const home = page.getByRole('link', { name: 'Home', exact: true }).or(page.getByRole('button', { name: 'Home', exact: true }));
  await expectVisible(home, 'the 404 page offers Home');
  await home.first().click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  assert.equal(pathname(page), '/');
  await context.close();
});
