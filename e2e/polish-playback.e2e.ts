/**
 * Issue 13, playback: the radio does not take over someone's own music (1), "Autoplay next" off
 * stops at the end of a track (2), a reload brings the player back (7), and the seek and volume
 * sliders speak and are easy to hit (13). Written before the fixes, each failed on the app as it was before issue 13.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import {
  adminPage,
  audioState,
  eventually,
  expectVisible,
  freshListener,
  holds,
  librarySongs,
  resetRadio,
  startRadioWith,
  waitForAudio,
} from './support/polish';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

const player = (page: Page) => page.getByRole('contentinfo', { name: 'Player' }).or(page.locator('footer[aria-label="Player"]'));
const playerTitle = (page: Page) => page.getByTestId('player-title').textContent();
const songFile = (src: string) => (src ? new URL(src).pathname : '');

/** Plays `title` from the Search page's list (the results after it are queued) and waits until it sounds. */
async function playFromSearch(page: Page, search: string, title: string): Promise<void> {
  await page.goto('/search');
  await page.getByLabel('Title or artist').fill(search);
  const row = page.getByRole('list', { name: 'Songs' }).getByTestId('song-result').filter({ hasText: title });
  await row.getByRole('button', { name: `Play ${title}`, exact: true }).click();
  await page.getByTestId('player-title').filter({ hasText: title }).waitFor();
  await waitForAudio(page, `${title} plays`, (a) => !a.paused && a.currentTime > 0.3);
}

test('starting the radio leaves a listener who plays their own music alone, with a Tune in action', async () => {
  const admin = await adminPage(browser);
  const listener = await freshListener(browser, 'ownmusic');
  try {
    await resetRadio(admin.page, admin.token);
    const page = listener.page;
    await playFromSearch(page, 'saltwater', 'Saltwater Static');
    const own = await audioState(page);

    await startRadioWith(admin.page, admin.token, (await librarySongs(admin.page, admin.token)).find((s) => s.title === 'Low Orbit Lullaby')!.id);

    // what exists today: the listener's socket hears the radio start. The listener's own song must go on.
    await holds(
      async () => {
        const a = await audioState(page);
        return { title: await playerTitle(page), file: songFile(a.src), paused: a.paused, currentTime: a.currentTime };
      },
      (s) => s.title === 'Saltwater Static' && s.file === songFile(own.src) && !s.paused,
      `the listener keeps hearing Saltwater Static (${songFile(own.src)}, playing) after the radio starts: the radio must not take over`,
      4_000,
    );
    const later = await audioState(page);
    assert.ok(later.currentTime > own.currentTime, `Saltwater Static keeps advancing (${own.currentTime} -> ${later.currentTime})`);

    await expectVisible(page.getByText('Radio is on air'), 'an unobtrusive "Radio is on air" appears for a listener who is not on the radio');
    const tuneIn = page.getByRole('button', { name: 'Tune in' });
    await expectVisible(tuneIn, 'a "Tune in" button appears next to "Radio is on air"');
    await tuneIn.first().click();
    await eventually(
      () => playerTitle(page),
      (t) => t === 'Low Orbit Lullaby',
      'Tune in switches the player to the radio (Low Orbit Lullaby)',
      8_000,
    );
    await waitForAudio(page, 'the radio sounds after Tune in', (a) => !a.paused && songFile(a.src) !== songFile(own.src) && a.currentTime > 0.2);
  } finally {
    await resetRadio(admin.page, admin.token);
    await listener.close();
    await admin.close();
  }
});

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
