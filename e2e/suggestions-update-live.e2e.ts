/**
 * The Music Box list as it changes: my new suggestion first and highlighted until a reload,
 * others' votes counted on my page without one.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser } from './support/browser';
import { eventually } from './support/waits';
import { adminPage, bearer, freshListener } from './support/signedIn';
import { suggestByApi, suggestionItem } from './support/musicBox';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

const stamp = () => Date.now().toString(36);

test('my new suggestion shows at the top of my list, highlighted, until I reload', async () => {
  const admin = await adminPage(browser);
  // a popular suggestion is ahead of any new one in the default (popular) order
  const popular = await suggestByApi(admin.page, admin.token, `Crowd favourite ${stamp()}`);
  await admin.page.request.post(`${BASE_URL}/api/musicbox/suggestions/${popular}/toggle-vote`, { headers: bearer(admin.token) });

  const { page, close } = await freshListener(browser, 'suggester', '/music-box');
  const title = `Fresh idea ${stamp()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Artist').fill('The Newcomers');
  await page.getByRole('button', { name: 'Suggest' }).click();
  await page.getByText('Thanks! Your suggestion was added.').waitFor();

  const first = page.getByRole('list', { name: 'Suggestions' }).getByRole('listitem').first();
  await eventually(
    async () => (await first.getByRole('heading').textContent()) ?? '',
    (t) => t.startsWith(title),
    'my new suggestion is the first item of the list',
  );
  assert.equal(await first.getAttribute('data-highlighted'), 'true', 'my new suggestion is highlighted');
  await page.waitForTimeout(3_000);
  assert.equal(await suggestionItem(page, title).getAttribute('data-highlighted'), 'true', 'it stays highlighted (until a reload), not for 2 s only');

  await page.reload();
  await page.getByRole('list', { name: 'Suggestions' }).waitFor();
  assert.equal(await page.locator('[data-highlighted="true"]').count(), 0, 'after a reload nothing is highlighted');
  await Promise.all([close(), admin.close()]);
});

test("others' votes update the count on my page without a reload", async () => {
  const { page, token, close } = await freshListener(browser, 'watcher');
  const title = `Live count ${stamp()}`;
  const id = await suggestByApi(page, token, title);
  await page.goto('/music-box');
  await page.getByLabel('Sort by').selectOption('newest');
  const vote = suggestionItem(page, title).getByRole('button', { name: new RegExp(`^Vote for ${title}, `) });
  await eventually(
    () => vote.getAttribute('aria-label'),
    (l) => l === `Vote for ${title}, 0 votes`,
    'my suggestion shows 0 votes',
  );

  const other = await freshListener(browser, 'voter');
  const res = await other.page.request.post(`${BASE_URL}/api/musicbox/suggestions/${id}/toggle-vote`, { headers: bearer(other.token) });
  assert.equal(res.status(), 200, await res.text());
  await eventually(
    () => vote.getAttribute('aria-label'),
    (l) => l === `Vote for ${title}, 1 vote`,
    "another listener's vote shows on my page without a reload",
    6_000,
    250,
  );
  await Promise.all([close(), other.close()]);
});
