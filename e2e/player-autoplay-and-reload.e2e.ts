/**
 * The player across an end and a reload: with "Autoplay the next track" off it stops at the end of
 * the song; after a reload it shows the last track, paused at its position, with the queue and the volume.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { eventually } from './support/waits';
import { audioState, waitForAudio } from './support/audioElement';
import { freshListener } from './support/signedIn';
import { playFromSearch, player, playerTitle } from './support/playerBar';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

test('with "Autoplay the next track" off, playback stops at the end of the song', async () => {
  const { page, close } = await freshListener(browser, 'noautoplay', '/settings');
  const autoplay = page.getByRole('checkbox', { name: /Autoplay the next track/ });
  await autoplay.uncheck();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Settings saved').waitFor();
  assert.equal(await autoplay.isChecked(), false);

  // a song from a list: the songs after it are queued, so there is a next one to (not) go to
  await playFromSearch(page, '', 'Atlas of Small Hours');
  assert.ok(await player(page).getByRole('button', { name: 'Next', exact: true }).isEnabled(), 'the rest of the list is queued');
  const { duration } = await audioState(page);
  await page.getByRole('slider', { name: 'Seek' }).fill(String(Math.floor(duration) - 2));
  await waitForAudio(page, 'the seek lands near the end', (a) => a.currentTime > duration - 3);

  // the end: either the element ends, or (today) the next song starts from 0
  await eventually(
    () => audioState(page),
    (a) => a.ended || a.currentTime < duration - 4,
    'the song reaches its end',
    10_000,
  );
  await new Promise((r) => setTimeout(r, 1_000));
  const title = await playerTitle(page);
  const end = await audioState(page);
  assert.equal(title, 'Atlas of Small Hours', 'the player still shows the song that ended (autoplay is off)');
  assert.ok(end.paused, `the audio is paused at the end (currentTime ${end.currentTime.toFixed(1)} of ${duration.toFixed(1)})`);
  await close();
});

test('after a reload the player bar shows the last track, paused at its position, with the queue and the volume', async () => {
  const { page, close } = await freshListener(browser, 'reloader');
  await playFromSearch(page, '', 'Atlas of Small Hours');
  const queuedNext = 'Cinder Street Shuffle';
  await page.getByRole('slider', { name: 'Seek' }).fill('30');
  await waitForAudio(page, 'the seek lands at 0:30', (a) => a.currentTime >= 30 && a.currentTime < 40);
  await page.getByRole('slider', { name: 'Volume' }).fill('0.4');
  await waitForAudio(page, 'the volume is 40 %', (a) => Math.abs(a.volume - 0.4) < 0.01);
  await player(page).getByRole('button', { name: 'Pause', exact: true }).click();
  const before = await waitForAudio(page, 'the song pauses', (a) => a.paused);

  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await eventually(
    () => player(page).textContent(),
    (t) => (t ?? '').includes('Atlas of Small Hours'),
    'the player bar shows the last track, Atlas of Small Hours, after a reload',
    5_000,
  );
  assert.equal(await playerTitle(page), 'Atlas of Small Hours');
  const seek = page.getByRole('slider', { name: 'Seek' });
  const position = Number(await seek.inputValue());
  assert.ok(Math.abs(position - before.currentTime) < 2, `the seek bar is back at ${before.currentTime.toFixed(1)} s (shows ${position})`);
  assert.match((await page.getByTestId('player-time').textContent()) ?? '', /^0:3\d$/);
  const restored = await audioState(page);
  assert.ok(restored.paused, 'the restored track waits paused');
  assert.equal(Number(await page.getByRole('slider', { name: 'Volume' }).inputValue()), 0.4, 'the volume slider is back at 40 %');

  // Play resumes where it was, at the restored volume; Next still knows the queue
  await player(page).getByRole('button', { name: 'Play', exact: true }).click();
  await waitForAudio(
    page,
    'Play resumes the restored track at its position and volume',
    (a) => !a.paused && a.currentTime >= before.currentTime - 1 && Math.abs(a.volume - 0.4) < 0.01,
  );
  await player(page).getByRole('button', { name: 'Next', exact: true }).click();
  await eventually(
    () => playerTitle(page),
    (t) => t === queuedNext,
    `Next plays ${queuedNext}, the next song of the restored queue`,
  );
  await close();
});
