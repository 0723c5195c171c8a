/**
 * The seek and volume sliders: arrow keys move them, they say their value, and they are easy to hit.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { eventually } from './support/waits';
import { waitForAudio } from './support/audioElement';
import { freshListener } from './support/signedIn';
import { playFromSearch, player } from './support/playerBar';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

test('the seek slider moves 5 s per arrow press and says the time', async () => {
  const { page, close } = await freshListener(browser, 'seeker');
  await playFromSearch(page, 'low orbit', 'Low Orbit Lullaby');
  const seek = page.getByRole('slider', { name: 'Seek' });
  await seek.fill('60');
  await waitForAudio(page, 'the seek lands at 1:00', (a) => a.currentTime >= 60 && a.currentTime < 61);
  await player(page).getByRole('button', { name: 'Pause', exact: true }).click();
  await waitForAudio(page, 'the song pauses', (a) => a.paused);
  const duration = await page.getByTestId('player-duration').textContent();
  assert.equal(await seek.getAttribute('aria-valuetext'), `1:00 of ${duration}`);

  await seek.focus();
  await page.keyboard.press('ArrowRight');
  await waitForAudio(page, 'one ArrowRight on the seek slider moves 5 s forward (1:00 -> 1:05)', (a) => Math.abs(a.currentTime - 65) < 0.5, 3_000);
  await eventually(
    () => seek.getAttribute('aria-valuetext'),
    (v) => v === `1:05 of ${duration}`,
    'the seek slider says "1:05 of ..."',
  );
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await waitForAudio(page, 'two ArrowLeft presses move 10 s back (1:05 -> 0:55)', (a) => Math.abs(a.currentTime - 55) < 0.5, 3_000);
  await close();
});

test('the volume slider says its level as a percentage', async () => {
  const { page, close } = await freshListener(browser, 'volume');
  const volume = page.getByRole('slider', { name: 'Volume' });
  await volume.fill('0.4');
  await eventually(
    () => volume.inputValue(),
    (v) => Number(v) === 0.4,
    'the volume slider is at 0.4',
  );
  assert.equal(await volume.getAttribute('aria-valuetext'), '40%', 'the volume slider says "40%"');
  await volume.fill('1');
  await eventually(
    () => volume.getAttribute('aria-valuetext'),
    (v) => v === '100%',
    'the volume slider says "100%"',
  );
  await close();
});

test('the seek and volume sliders are at least 24 px tall', async () => {
  const { page, close } = await freshListener(browser, 'targets');
  await playFromSearch(page, 'low orbit', 'Low Orbit Lullaby');
  const heights: Record<string, number> = {};
  for (const name of ['Seek', 'Volume']) heights[name] = (await page.getByRole('slider', { name }).boundingBox())?.height ?? 0;
  assert.ok(heights.Seek >= 24 && heights.Volume >= 24, `seek and volume targets are at least 24 px tall: ${JSON.stringify(heights)}`);
  await close();
});
