/**
 * Starting the radio does not take over a listener who plays their own music: it offers Tune in.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { eventually, expectVisible, holds } from './support/waits';
import { audioState, waitForAudio } from './support/audioElement';
import { adminPage, freshListener } from './support/signedIn';
import { librarySongs, resetRadio, startRadioWith } from './support/appApi';
import { playFromSearch, playerTitle, songFile } from './support/playerBar';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

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
