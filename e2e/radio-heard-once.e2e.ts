/**
 * A listener on Home who tunes in (Tune in, or Radio in the sidebar) hears the station once, at its level (docs/product.md §2.14):
 * the engine's output is recorded (the tap on the context's master, what reaches the speakers) over
 * the hand-over from the element to the decoded copy and over the station's track change, and its
 * level is compared with the file's. A doubled track measures about 2x (+6 dB), an echo about 1.4x.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launchBrowser } from './support/browser';
import { makeNoise, uploadFile } from './support/engineAudio';
import { resetRadio } from './support/appApi';
import { adminPage, bearer, freshListener } from './support/signedIn';

const SECONDS = 8;
const BLOCK_SECONDS = 0.5;
/** a block louder than this many times the file is two copies at once (2x aligned, ~1.4x an echo) */
const MAX_RATIO = 1.25;
/** how long the second track is heard before the output is read */
const AFTER_CHANGE_MS = 3_000;

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

/** The tapped output of the last `seconds`, as RMS per BLOCK_SECONDS block. */
async function outputLevels(page: Page, seconds: number): Promise<number[]> {
  return page.evaluate(
    ([span, blockSeconds]) => {
      const tap = window.wavelengthAudioTap!;
      const rate = tap.sampleRate();
      const to = tap.latestFrame();
      const samples = tap.samples(Math.max(tap.earliestFrame(), to - Math.round(rate * span)), to) ?? [];
      const block = Math.round(rate * blockSeconds);
      const levels: number[] = [];
      for (let at = 0; at + block <= samples.length; at += block) {
        let energy = 0;
        for (let i = at; i < at + block; i += 1) energy += samples[i] * samples[i];
        levels.push(Math.sqrt(energy / block));
      }
      return levels;
    },
    [seconds, BLOCK_SECONDS] as const,
  );
}

/** How a listener on Home gets onto the station: the player bar's Tune in, or the sidebar's Radio (the radio page tunes in). */
const ENTRIES = {
  'Tune in from Home': (page: Page) => page.getByRole('button', { name: 'Tune in', exact: true }).click(),
  'Radio from the sidebar': (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Radio', exact: true }).click(),
};

for (const [entry, enter] of Object.entries(ENTRIES))
  test(`a listener who takes "${entry}" hears the station once, at its level, over the hand-over and the track change`, { timeout: 120_000 }, async () => {
    const admin = await adminPage(browser);
    const listener = await freshListener(browser, 'once');
    try {
      const run = Date.now().toString(36);
      const first = makeNoise(`Once First ${run}`, SECONDS);
      const second = makeNoise(`Once Second ${run}`, SECONDS);
      const fileLevel = Math.sqrt(first.samples.reduce((sum, v) => sum + v * v, 0) / first.samples.length);
      const songs = [await uploadFile(admin.page, admin.token, first.flac), await uploadFile(admin.page, admin.token, second.flac)];
      await resetRadio(admin.page, admin.token);

      const page = listener.page;
      await page.evaluate(() => localStorage.setItem('wavelength_audio_tap', '1'));
      await page.reload();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      for (const song of songs) {
        const added = await admin.page.request.post(`${BASE_URL}/api/radio/queue`, { headers: bearer(admin.token), data: { songId: song.id } });
        assert.equal(added.status(), 200, await added.text());
      }
      assert.equal((await admin.page.request.post(`${BASE_URL}/api/radio/toggle`, { headers: bearer(admin.token) })).status(), 200);

      await enter(page);
      await page
        .getByTestId('player-title')
        .filter({ hasText: `Once Second ${run}` })
        .waitFor({ timeout: (SECONDS + 10) * 1000 });
      await page.waitForTimeout(AFTER_CHANGE_MS);
      const levels = (await outputLevels(page, 2 * SECONDS)).map((level) => level / fileLevel);
      const log = await page.evaluate(() => window.wavelengthAudioEngine?.debugLog ?? []);

      const shown = levels.map((r) => r.toFixed(2)).join(' ');
      console.log(`ENGINE-FIGURE radio heard after ${entry}, output/file level per ${BLOCK_SECONDS} s: ${shown}`);
      assert.ok(
        log.some((line) => line.includes('buffer voice from')),
        `the first track was handed over to its decoded copy (engine log: ${log.join(' | ')})`,
      );
      const sounding = levels.filter((r) => r > 0.5);
      // from the tune-in (a second or so into the first track) to 3 s into the second: about 10 s
      assert.ok(
        sounding.length >= 7 / BLOCK_SECONDS,
        `the station was heard from the tune-in through the track change (output/file level per ${BLOCK_SECONDS} s: ${shown})`,
      );
      assert.ok(
        levels.every((r) => r <= MAX_RATIO),
        `the station is heard once, at its level: every ${BLOCK_SECONDS} s of output at most ${MAX_RATIO}x the file (output/file level: ${shown})`,
      );
    } finally {
      await resetRadio(admin.page, admin.token);
      await listener.close();
      await admin.close();
    }
  });
