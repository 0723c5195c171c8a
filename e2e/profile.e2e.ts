/**
 * A profile edit persists, and the sidebar follows it.
 */
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { freshListener } from './support/signedIn';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

test('a profile edit persists', async () => {
  const { page, close } = await freshListener(browser, 'renamer');
  const next = `renamed${Date.now().toString(36)}`;
  await page.goto('/profile');
  await page.getByText('Active', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByRole('form', { name: 'Edit profile' }).getByLabel('Username').fill(next);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await page.getByTestId('profile-username').getByText(next, { exact: true }).waitFor();
  await page.reload();
  await page.getByTestId('profile-username').getByText(next, { exact: true }).waitFor();
  // the sidebar follows
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: next }).waitFor();
  await close();
});
