/**
 * Signing out or in in one tab does the same in the other tabs.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { createListener, launchBrowser, newContext, signIn, signInByApi } from './support/browser';
import { eventually, expectVisible } from './support/waits';
import { pathname } from './support/signedIn';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

test('signing out in one tab signs out the other', async () => {
  const context = await newContext(browser);
  const first = await context.newPage();
  const user = await createListener(first, 'twotabs');
  await signInByApi(first, user.email, user.password);
  const second = await context.newPage();
  for (const page of [first, second]) {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
  }

  await first.getByRole('button', { name: 'Log out' }).click();
  await first.getByRole('heading', { name: 'Sign in' }).waitFor();
  assert.equal(pathname(first), '/auth/login');
  await eventually(
    async () => pathname(second),
    (p) => p === '/auth/login',
    'the other tab follows the sign-out to /auth/login',
    5_000,
  );
  await expectVisible(second.getByRole('heading', { name: 'Sign in' }), 'the other tab shows the sign-in page');
  await context.close();
});

test('signing in in one tab signs in the other', async () => {
  const context = await newContext(browser);
  const first = await context.newPage();
  const user = await createListener(first, 'twotabsin');
  const second = await context.newPage();
  for (const page of [first, second]) {
    await page.goto('/auth/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  }

  await signIn(first, user.email, user.password);
  assert.equal(pathname(first), '/');
  await eventually(
    async () => pathname(second),
    (p) => p === '/',
    'the other tab follows the sign-in and leaves /auth/login for /',
    5_000,
  );
  await expectVisible(second.getByRole('navigation', { name: 'Main' }), 'the other tab shows the signed-in app');
  await context.close();
});
