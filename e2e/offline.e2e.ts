/**
 * Offline: the app and the radio badge say so and recover, and a play that fails offline blames the
 * network, not the format.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { eventually, expectVisible } from './support/waits';
import { audioState } from './support/audioElement';
import { freshListener } from './support/signedIn';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

test('offline, the app says it is offline and the radio badge says Disconnected', async () => {
  const { page, close } = await freshListener(browser, 'netloss', '/radio');
  const connection = page.getByRole('status', { name: 'Connection' });
  await connection.filter({ hasText: 'Connected' }).waitFor();

  await page.context().setOffline(true);
  await expectVisible(page.getByText(/\boffline\b/i), 'the app says it is offline', 5_000);
  await eventually(
    () => connection.textContent(),
    (t) => t === 'Disconnected',
    'the radio badge says Disconnected while offline',
    10_000,
  );

  await page.context().setOffline(false);
  await eventually(
    () => page.getByText(/\boffline\b/i).count(),
    (n) => n === 0,
    'the offline notice goes once the network is back',
    10_000,
  );
  await eventually(
    () => connection.textContent(),
    (t) => t === 'Connected',
    'the radio reconnects once the network is back',
    20_000,
  );
  await close();
});

test('a play that fails offline says the network failed, not that the format is unsupported', async (t) => {
  const { page, close } = await freshListener(browser, 'netplay', '/search');
  await page.getByLabel('Title or artist').fill('velvet');
  const play = page.getByRole('list', { name: 'Songs' }).getByRole('button', { name: 'Play Velvet Undertow', exact: true });
  await play.waitFor();

  await page.context().setOffline(true);
  await play.click();
  // every alert of the next 6 s (other requests may fail offline too); the play's own must name the network
  const seen = new Set<string>();
  const deadline = Date.now() + 6_000;
  while (Date.now() < deadline && ![...seen].some((m) => /format not supported/i.test(m))) {
    for (const text of await page.getByRole('alert').allTextContents()) if (text.trim()) seen.add(text.trim());
    await page.waitForTimeout(100);
  }
  const messages = [...seen];
  t.diagnostic(`offline play: ${JSON.stringify(messages)}, audio ${JSON.stringify(await audioState(page))}`);
  assert.ok(
    !messages.some((m) => /format not supported/i.test(m)) && messages.some((m) => /network/i.test(m)),
    `an offline play says the network failed, not a format problem; it says ${JSON.stringify(messages)}`,
  );
  await page.context().setOffline(false);
  await close();
});
