/**
 * The Liked page: the newest like comes first.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser } from './support/browser';
import { eventually } from './support/waits';
import { bearer, freshListener } from './support/signedIn';
import { librarySongs } from './support/appApi';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

test('the Liked page lists the newest like first', async () => {
  const { page, token, close } = await freshListener(browser, 'likeorder');
  const songs = await librarySongs(page, token, 3);
  // liked in this order, from the Search page, a moment apart
  await page.goto('/search');
  for (const song of songs) {
    await page.getByLabel('Title or artist').fill(song.title);
    const like = page.getByRole('list', { name: 'Songs' }).getByRole('button', { name: `Like ${song.title}`, exact: true });
    await like.click();
    await eventually(
      () => like.getAttribute('aria-pressed'),
      (v) => v === 'true',
      `${song.title} is liked`,
    );
    await page.waitForTimeout(300);
  }
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Liked Songs' }).click();
  const rows = page.getByRole('list', { name: 'Liked songs' }).getByTestId('song-title');
  await eventually(
    () => rows.count(),
    (n) => n === 3,
    'the three liked songs are listed',
  );
  assert.deepEqual(await rows.allTextContents(), songs.map((s) => s.title).reverse(), 'the newest like comes first');
  // and a song liked later (here through the API) comes first after a reload
  const [fourth] = (await librarySongs(page, token, 4)).slice(3);
  await page.request.post(`${BASE_URL}/api/liked-songs/${fourth.id}/toggle`, { headers: bearer(token) });
  await page.reload();
  await eventually(
    () => rows.first().textContent(),
    (t) => t === fourth.title,
    `${fourth.title}, liked last, comes first`,
  );
  await close();
});
