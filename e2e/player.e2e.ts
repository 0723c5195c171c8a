import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { E2E_ADMIN, launchBrowser, newContext, signInByApi } from './support/browser';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

const audioState = (page: Page) =>
  page.evaluate(() => {
    const el = document.getElementById('wavelength-audio') as HTMLAudioElement;
    return { currentTime: el.currentTime, paused: el.paused, src: el.currentSrc };
  });

/** Waits until the app's audio element satisfies `check` (a self-contained function, run in the page). */
async function waitForAudio(page: Page, check: (el: HTMLAudioElement) => boolean, timeout = 15_000) {
  await page.waitForFunction(`(() => { const el = document.getElementById('wavelength-audio'); return !!el && (${check.toString()})(el); })()`, undefined, {
    timeout,
  });
}

test('a listener searches a demo track, hears it, seeks, and steps with Next and Previous', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signInByApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/search');

  // search a demo track and play it
  await page.getByLabel('Title or artist').fill('low orbit');
  const results = page.getByTestId('song-result');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="song-result"]').length === 1);
  assert.match((await results.first().textContent()) ?? '', /Low Orbit Lullaby/);
  await page.getByRole('button', { name: 'Play Low Orbit Lullaby' }).click();
  await waitForAudio(page, (el) => !el.paused && el.currentTime > 0.5);
  const first = await audioState(page);
  await page.waitForTimeout(700);
  const later = await audioState(page);
  assert.ok(later.currentTime > first.currentTime, `currentTime advances (${first.currentTime} -> ${later.currentTime})`);
  assert.equal(await page.getByTestId('player-title').textContent(), 'Low Orbit Lullaby');
  assert.ok(await page.getByRole('button', { name: 'Pause Low Orbit Lullaby' }).isVisible());

  // seek with the seek bar
  await page.getByRole('slider', { name: 'Seek' }).fill('60');
  await waitForAudio(page, (el) => el.currentTime >= 60 && el.currentTime < 70);
  assert.match((await page.getByTestId('player-time').textContent()) ?? '', /^1:0\d$/);

  // the whole library: play the first result, Next and Previous change the track
  await page.getByLabel('Title or artist').fill('');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="song-result"]').length >= 14);
  const titles = await page.getByTestId('song-result').getByTestId('song-title').allTextContents();
  await results
    .nth(0)
    .getByRole('button', { name: /^Play / })
    .click();
  await page.getByTestId('player-title').filter({ hasText: titles[0] }).waitFor();
  await waitForAudio(page, (el) => !el.paused && el.currentTime > 0.2);

  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByTestId('player-title').filter({ hasText: titles[1] }).waitFor();
  await waitForAudio(page, (el) => !el.paused && el.currentTime > 0.2);

  await page.getByRole('button', { name: 'Previous', exact: true }).click();
  await page.getByTestId('player-title').filter({ hasText: titles[0] }).waitFor();
  await waitForAudio(page, (el) => !el.paused && el.currentTime > 0.2);

  // more than 3 s in, Previous restarts the same track
  await page.getByRole('slider', { name: 'Seek' }).fill('20');
  await waitForAudio(page, (el) => el.currentTime >= 20);
  await page.getByRole('button', { name: 'Previous', exact: true }).click();
  await waitForAudio(page, (el) => el.currentTime < 5);
  assert.equal(await page.getByTestId('player-title').textContent(), titles[0]);

  // space pauses (focus outside any field)
  await page.locator('h1').click();
  await page.keyboard.press('Space');
  await waitForAudio(page, (el) => el.paused);
  await context.close();
});
