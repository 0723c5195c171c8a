import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { seriousA11yViolations } from './support/axe';
import { BASE_URL, createListener, launchBrowser, newContext, screenshot, signIn } from './support/browser';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

interface SubsonicAnswer {
  'subsonic-response': { status: 'ok' | 'failed'; error?: { code: number; message: string } };
}

/** ping.view as a Subsonic app calls it, with the given sign-in params. */
async function ping(auth: Record<string, string>): Promise<SubsonicAnswer['subsonic-response']> {
  const params = new URLSearchParams({ ...auth, v: '1.16.1', c: 'e2e', f: 'json' });
  const res = await fetch(`${BASE_URL}/rest/ping.view?${params}`);
  assert.equal(res.status, 200);
  return ((await res.json()) as SubsonicAnswer)['subsonic-response'];
}

test('Settings › Subsonic apps: an API key and an app password sign a Subsonic app in; a revoked key does not', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  const user = await createListener(page, 'subsonic');
  await signIn(page, user.email, user.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Subsonic apps' });
  await section.getByText('No API keys yet.').waitFor();
  assert.ok(await section.getByText(BASE_URL, { exact: true }).isVisible(), 'the server URL to type into the app');
  assert.ok(await section.getByText(user.username, { exact: true }).isVisible(), 'the username to type into the app');

  // making a key or an app password asks for the account's password first
  await section.getByLabel('Key name').fill('E2E phone');
  await section.getByRole('button', { name: 'Create key' }).click();
  await section.getByText('Enter your Wavelength password to confirm').waitFor();
  assert.equal(await section.getByText('Copy this key now: it will not be shown again.').count(), 0, 'no key without the password');
  await section.getByLabel('Your Wavelength password').fill(user.password);

  // create a key: it is shown once, and it signs in
  await section.getByLabel('Key name').fill('E2E phone');
  await section.getByRole('button', { name: 'Create key' }).click();
  const shown = section.getByLabel('API key for E2E phone');
  await shown.waitFor();
  const apiKey = await shown.inputValue();
  assert.ok(apiKey.length >= 20, `a real key is shown (${apiKey.length} characters)`);
  assert.ok(await section.getByText('Copy this key now: it will not be shown again.').isVisible());
  await section.getByRole('list', { name: 'Your API keys' }).getByText('E2E phone').waitFor();
  assert.equal((await ping({ apiKey })).status, 'ok', 'ping with the new API key');

  // set an app password: the classic token sign-in (u + t + s) works with it
  const appPassword = `app-${randomBytes(6).toString('hex')}`;
  await section.getByLabel('App password', { exact: true }).fill(appPassword);
  await section.getByRole('button', { name: 'Set app password' }).click();
  await section.getByText('App password set').waitFor();
  const salt = randomBytes(8).toString('hex');
  const token = createHash('md5')
    .update(appPassword + salt)
    .digest('hex');
  assert.equal((await ping({ u: user.username, t: token, s: salt })).status, 'ok', 'ping with u+t+s from the app password');
  assert.deepEqual(await seriousA11yViolations(page), [], 'no serious accessibility problem with the new key shown');
  await page.setViewportSize({ width: 1280, height: 1400 });
  await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await screenshot(page, 'settings-subsonic');

  // on a 360 px phone nothing sticks out sideways
  await page.setViewportSize({ width: 360, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px at 360 px`);

  // Done hides the key for good; Revoke asks, and the revoked key no longer signs in
  await section.getByRole('button', { name: 'Done' }).click();
  assert.equal(await page.getByText(apiKey).count(), 0, 'the key is not on the page any more');
  await section.getByRole('button', { name: 'Revoke E2E phone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke E2E phone?' });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await section.getByText('No API keys yet.').waitFor();
  const refused = await ping({ apiKey });
  assert.equal(refused.status, 'failed');
  assert.equal(refused.error?.code, 44, 'a revoked key is an invalid API key');
  await context.close();
});
