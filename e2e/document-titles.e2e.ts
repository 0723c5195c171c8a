/**
 * Every page has its own document title.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { createListener, launchBrowser, newContext, signInByApi } from './support/browser';
import { eventually } from './support/waits';
import { createPlaylistByApi } from './support/appApi';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

test('every page has its own document title', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  const wrong: string[] = [];
  const expectTitle = async (path: string, expected: string, ready: () => Promise<unknown>) => {
    await page.goto(path);
    await ready();
    const title = await eventually(
      () => page.title(),
      (t) => t === expected,
      '',
      800,
    ).catch(() => page.title());
    if (title !== expected) wrong.push(`${path}: "${title}", expected "${expected}"`);
  };
  const heading = () => page.getByRole('heading', { level: 1 }).first().waitFor();

  await expectTitle('/auth/login', 'Sign in · Wavelength', heading);
  await expectTitle('/auth/signup', 'Sign up · Wavelength', heading);
  await expectTitle('/auth/forgot-password', 'Reset your password · Wavelength', heading);

  const user = await createListener(page, 'titles');
  const token = await signInByApi(page, user.email, user.password);
  const name = `Titled ${Date.now().toString(36)}`;
  const id = await createPlaylistByApi(page, token, name);
  for (const [path, expected] of [
    ['/', 'Home · Wavelength'],
    ['/search', 'Search · Wavelength'],
    ['/music-box', 'Music Box · Wavelength'],
    ['/radio', 'Radio · Wavelength'],
    ['/playlists', 'Playlists · Wavelength'],
    [`/playlists/${id}`, `${name} · Wavelength`],
    ['/liked', 'Liked Songs · Wavelength'],
    ['/settings', 'Settings · Wavelength'],
    ['/profile', 'Profile · Wavelength'],
    ['/no/such/page', 'Page not found · Wavelength'],
  ]) {
    await expectTitle(path, expected, heading);
  }
  await context.close();
  assert.equal(wrong.length, 0, `pages without their own title:\n${wrong.join('\n')}`);
});
