/**
 * Home greets by the time of day and shows the liked and playlist counts.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser, screenshot } from './support/browser';
import { freshListener } from './support/signedIn';
import { librarySongs } from './support/appApi';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

test('home greets by time of day and shows the liked and playlist counts', async () => {
  const { page, token, username, close } = await freshListener(browser, 'homebody');
  const [song] = await librarySongs(page, token, 1);
  const headers = { authorization: `Bearer ${token}` };
  assert.equal((await page.request.post(`${BASE_URL}/api/liked-songs/${song.id}/toggle`, { headers })).status(), 200);
  assert.equal((await page.request.post(`${BASE_URL}/api/playlists`, { headers, data: { name: 'Morning mix' } })).status(), 201);

  await page.goto('/');
  const hour = await page.evaluate(() => new Date().getHours());
  const expected = hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
  await page.getByRole('heading', { level: 1, name: `${expected}, ${username}` }).waitFor();
  await page.getByTestId('tile-liked').getByText('1 song', { exact: true }).waitFor();
  await page.getByTestId('tile-playlists').getByText('1 playlist', { exact: true }).waitFor();
  await page.getByRole('article', { name: 'Morning mix' }).waitFor();
  await page.getByRole('img', { name: /Plays per day/ }).waitFor();
  await screenshot(page, 'home');
  await close();
});
