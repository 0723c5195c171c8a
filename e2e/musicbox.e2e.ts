import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, E2E_ADMIN, createListener, launchBrowser, newContext, screenshot, signIn } from './support/browser';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

async function apiToken(page: Page, email: string, password: string): Promise<string> {
  const res = await page.request.post(`${BASE_URL}/api/auth/login`, { data: { username: email, password } });
  assert.equal(res.status(), 200, await res.text());
  return ((await res.json()) as { token: { token: string } }).token.token;
}

async function suggestByApi(page: Page, token: string, title: string, artist: string): Promise<void> {
  const res = await page.request.post(`${BASE_URL}/api/musicbox/suggestions`, { data: { title, artist }, headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status(), 201, await res.text());
}

const item = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`^${title}`) }) });

test('one listener suggests, another votes and hits a duplicate, the admin approves', async () => {
  const run = Date.now().toString(36);
  const title = `Northern Lights ${run}`;
  const artist = 'The Wavelengths';

  // Listener A suggests through the form.
  const contextA = await newContext(browser);
  const a = await contextA.newPage();
  const userA = await createListener(a, 'suggester');
  const tokenA = await apiToken(a, userA.email, userA.password);
  await signIn(a, userA.email, userA.password);
  await a.goto('/music-box');
  await a.getByRole('heading', { name: 'Music Box' }).waitFor();
  await a.getByLabel('Title').fill(title);
  await a.getByLabel('Artist').fill(artist);
  await a.getByRole('button', { name: 'Suggest' }).click();
  await item(a, title).waitFor();
  const pending = item(a, title).getByText('Pending');
  assert.equal(await pending.getAttribute('data-status'), 'pending');
  assert.equal(await pending.evaluate((el) => getComputedStyle(el).color), 'rgb(138, 87, 0)');

  // Eleven newer suggestions push the original to page 2 of "Newest".
  const contextB = await newContext(browser);
  const b = await contextB.newPage();
  const userB = await createListener(b, 'voter');
  const adminToken = await apiToken(b, E2E_ADMIN.email, E2E_ADMIN.password);
  const tokenB = await apiToken(b, userB.email, userB.password);
  for (let i = 0; i < 11; i++) await suggestByApi(b, i < 6 ? adminToken : tokenB, `Filler ${run} ${i}`, 'Crowd');

  // Listener B votes for it.
  await signIn(b, userB.email, userB.password);
  await b.goto('/music-box');
  const vote = item(b, title).getByRole('button', { name: new RegExp(`^Vote for ${title}, 0 votes$`) });
  await vote.click();
  await item(b, title)
    .getByRole('button', { name: new RegExp(`^Remove your vote for ${title}, 1 vote$`) })
    .waitFor();
  await b.reload();
  const voted = item(b, title).getByRole('button', { name: new RegExp(`^Remove your vote for ${title}, 1 vote$`) });
  await voted.waitFor();
  assert.equal(await voted.getAttribute('aria-pressed'), 'true');

  // B suggests it again, spelled differently, with the list sorted by newest: the original is on page 2.
  await b.getByLabel('Sort by').selectOption('newest');
  await b
    .getByRole('listitem')
    .filter({ hasText: `Filler ${run} 10` })
    .waitFor();
  assert.equal(await item(b, title).count(), 0);
  await b.getByLabel('Title').fill(`  northern-lights ${run.toUpperCase()}!`);
  await b.getByLabel('Artist').fill('THE WAVELENGTHS');
  await b.getByRole('button', { name: 'Suggest' }).click();
  const notice = b.getByRole('alert').filter({ hasText: 'This song has already been suggested.' });
  await notice.waitFor();
  assert.match(await notice.innerText(), new RegExp(`suggested by user ${(await userId(b, tokenA)).slice(0, 8)} on`));
  const original = item(b, title);
  await original.and(b.locator('[data-highlighted="true"]')).waitFor({ timeout: 5_000 });
  // scrolled into view (smoothly: wait for the scroll to arrive, within the 2 s of the highlight)
  await b.waitForFunction(
    () => {
      const el = document.querySelector('[data-highlighted="true"]');
      const r = el?.getBoundingClientRect();
      return Boolean(r && r.top >= 0 && r.bottom <= window.innerHeight);
    },
    undefined,
    { timeout: 1_500 },
  );
  await screenshot(b, 'music-box-duplicate');
  await b.locator('[data-highlighted="true"]').waitFor({ state: 'detached', timeout: 4_000 });

  // The admin approves it after a confirmation; the status turns green.
  const contextC = await newContext(browser);
  const c = await contextC.newPage();
  await signIn(c, E2E_ADMIN.email, E2E_ADMIN.password);
  await c.goto('/music-box');
  await item(c, title)
    .getByRole('button', { name: `Approve ${title}` })
    .click();
  const dialog = c.getByRole('dialog', { name: 'Approve suggestion' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  const approved = item(c, title).getByText('Approved');
  await approved.waitFor();
  assert.equal(await approved.getAttribute('data-status'), 'approved');
  assert.equal(await approved.evaluate((el) => getComputedStyle(el).color), 'rgb(46, 125, 50)');
  assert.equal(
    await item(c, title)
      .getByRole('button', { name: `Approve ${title}` })
      .count(),
    0,
  );
  await screenshot(c, 'music-box');

  await Promise.all([contextA.close(), contextB.close(), contextC.close()]);
});

async function userId(page: Page, token: string): Promise<string> {
  const res = await page.request.get(`${BASE_URL}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { user: { id: string } }).user.id;
}
