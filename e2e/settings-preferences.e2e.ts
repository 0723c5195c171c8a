/**
 * Settings: a chosen theme survives a reload and, until one is chosen, follows the system; leaving
 * with unsaved changes asks first; the listening-history choice is kept on the server for every device.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, createListener, launchBrowser, newContext, screenshot, signInByApi } from './support/browser';
import { eventually } from './support/waits';
import { freshListener, pathname } from './support/signedIn';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

test('the dark theme chosen in settings survives a reload', async () => {
  const { page, close } = await freshListener(browser, 'nightowl');
  await page.goto('/settings');
  for (const name of ['Profile', 'Notifications', 'Privacy', 'Appearance', 'Streaming']) {
    await page.getByRole('heading', { name, level: 2 }).waitFor();
  }
  await page.getByRole('radio', { name: 'Light' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(246, 247, 251)');

  await page.getByRole('radio', { name: 'Dark' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(15, 17, 23)');
  await page.reload();
  await page.getByRole('heading', { name: 'Settings' }).waitFor();
  assert.equal(await background(), 'rgb(15, 17, 23)');
  assert.equal(await page.getByRole('radio', { name: 'Dark' }).isChecked(), true);
  await screenshot(page, 'settings-dark');
  await close();
});

test('leaving Settings with unsaved changes asks first', async () => {
  const { page, close } = await freshListener(browser, 'leaver', '/settings');
  const nativeDialogs: string[] = [];
  page.on('dialog', (d) => {
    nativeDialogs.push(d.message());
    void d.dismiss();
  });
  await page.getByRole('checkbox', { name: 'Push notifications' }).check();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await page.waitForTimeout(500);
  const asked = (await page.getByRole('dialog').or(page.getByRole('alertdialog')).count()) > 0 || nativeDialogs.length > 0;
  assert.ok(asked && pathname(page) === '/settings', `leaving Settings with an unsaved change asks first; went to ${pathname(page)} without asking`);
  await close();
});

const RECORD = { name: /Record my listening history/ };

test('turning off "Record my listening history" on one device turns it off on another', async () => {
  const first = await freshListener(browser, 'private', '/settings');
  await first.page.getByRole('checkbox', RECORD).uncheck();
  await first.page.getByRole('button', { name: 'Save', exact: true }).click();
  await first.page.getByText('Settings saved').waitFor();

  // another device: a new browser context, the same account
  const context = await newContext(browser);
  const page = await context.newPage();
  await signInByApi(page, first.email, first.password);
  await page.goto('/settings');
  const record = page.getByRole('checkbox', RECORD);
  await record.waitFor();
  await eventually(
    () => record.isChecked(),
    (checked) => !checked,
    'the other device shows "Record my listening history" off',
    3_000,
  );
  await Promise.all([first.close(), context.close()]);
});

const BACKGROUND = { light: 'rgb(246, 247, 251)', dark: 'rgb(15, 17, 23)' };

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('the theme follows the system setting until one is chosen', async () => {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
  const page = await context.newPage();
  const user = await createListener(page, 'system');
  await signInByApi(page, user.email, user.password);
  await page.goto('/settings');
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  assert.equal(await background(page), BACKGROUND.dark, 'a dark system starts dark');

  // the system switches while the app is open
  await page.emulateMedia({ colorScheme: 'light' });
  await eventually(
    () => background(page),
    (bg) => bg === BACKGROUND.light,
    'the app turns light when the system does',
    3_000,
  );
  // saving other settings is not choosing a theme
  await page.getByRole('checkbox', { name: 'Push notifications' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Settings saved').waitFor();
  await page.emulateMedia({ colorScheme: 'dark' });
  await eventually(
    () => background(page),
    (bg) => bg === BACKGROUND.dark,
    'after saving other settings the app still follows the system (dark again)',
    3_000,
  );

  // once a theme is chosen, it stays whatever the system says
  await page.getByRole('radio', { name: 'Light' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await eventually(
    () => background(page),
    (bg) => bg === BACKGROUND.light,
    'the chosen light theme applies',
  );
  await page.reload();
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  assert.equal(await background(page), BACKGROUND.light, 'the chosen theme stays on a dark system');
  await context.close();
});
