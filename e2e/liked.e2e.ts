/**
 * Liked songs: a song liked in search is found in Liked and unliked there; the newest like comes first.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser, screenshot } from './support/browser';
import { eventually } from './support/waits';
import { bearer, freshListener } from './support/signedIn';
import { librarySongs } from './support/appApi';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

test('like a song in search, find it in Liked, unlike it there', async () => {
  const { page, token, close } = await freshListener(browser, 'liker');
  const [song] = await librarySongs(page, token, 1);

  await page.goto('/search');
  await page.getByLabel('Title or artist').fill(song.title);
  const results = page.getByRole('list', { name: 'Songs' });
  const like = results.getByRole('button', { name: `Like ${song.title}`, exact: true });
  await like.first().click();
  await page.waitForFunction(
    (name) => [...document.querySelectorAll('button')].some((b) => b.getAttribute('aria-label') === name && b.getAttribute('aria-pressed') === 'true'),
    `Like ${song.title}`,
  );

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Liked Songs' }).click();
  const liked = page.getByRole('list', { name: 'Liked songs' });
  await liked.getByText(song.title, { exact: true }).waitFor();
  await screenshot(page, 'liked');

  await liked.getByRole('button', { name: `Like ${song.title}`, exact: true }).click();
  await page.getByText('No liked songs yet...').waitFor();
  // and it stays unliked after a reload (the server agrees)
  await page.reload();
  await page.getByText('No liked songs yet...').waitFor();
  await close();
});

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
