/**
 * Click to sound on a slow link: an uploaded 5 MB track over 4 Mbit/s starts within the budget
 * (docs/decisions/player.md).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { E2E_ADMIN, launchBrowser, newContext, signInByApi } from './support/browser';
import { waitForAudioElement } from './support/audioElement';
import { makeWav, uploadThroughDialog } from './support/upload';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

test('click to sound: a 5 MB track over a 4 Mbit/s link', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signInByApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/search');
  const title = `E2E Five Megabytes ${Date.now().toString(36)}`;
  await uploadThroughDialog(page, title, 'Budget Check', makeWav(5 * 1024 * 1024 - 1024));
  await page.getByLabel('Title or artist').fill(title);
  const row = page.getByTestId('song-result').filter({ hasText: title });
  await row.waitFor();

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const bytesPerSecond = (4 * 1024 * 1024) / 8;
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });

  await page.evaluate(() => {
    const el = document.getElementById('wavelength-audio') as HTMLAudioElement;
    const marks = ((window as unknown as { __marks: Record<string, number> }).__marks = {} as Record<string, number>);
    document.addEventListener('click', () => (marks.click ??= performance.now()), { capture: true });
    for (const type of ['loadstart', 'loadedmetadata', 'loadeddata', 'canplay', 'playing'])
      el.addEventListener(type, () => (marks[type] ??= performance.now()));
    el.addEventListener('timeupdate', () => {
      if (el.currentTime > 0) marks.sounding ??= performance.now();
    });
  });
  await row.getByRole('button', { name: `Play ${title}` }).click();
  await waitForAudioElement(page, (el) => !el.paused && el.currentTime > 0.25, 20_000);
  const marks = await page.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);
  // 'playing' is when the element starts sending audio out; timeupdate only reports it every ~250 ms
  const toPlaying = (marks.playing - marks.click) / 1000;
  console.log(
    `click to sound, 5 MB WAV at 4 Mbit/s + 20 ms latency: ${toPlaying.toFixed(3)} s (${Object.entries(marks)
      .map(([k, v]) => `${k} +${((v - marks.click) / 1000).toFixed(3)}`)
      .join(', ')})`,
  );
  // the budget is 0.5 s (DESIGN.md); a loaded CI machine gets slack here, the logged figure is what counts
  assert.ok(toPlaying < 2, `click to sound took ${toPlaying.toFixed(3)} s`);
  await context.close();
});
