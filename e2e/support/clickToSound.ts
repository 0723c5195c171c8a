/** Click-to-sound in the app, for e2e/click-to-sound.e2e.ts and the bench's click part. */
import type { CDPSession, Locator, Page } from 'playwright-core';

/** 4 Mbit/s down and up; a 20 ms round trip. */
export const LINK = { downloadThroughput: 4_000_000 / 8, uploadThroughput: 4_000_000 / 8, latency: 20 };

/**
 * On a signed-in page: the Search page finds `title` (its own result row, not the list shown before
 * the search, which is replaced rows and all and would drop a hover), then the link is throttled
 * to LINK with the cache off.
 */
export async function searchRowOnSlowLink(page: Page, title: string): Promise<{ row: Locator; cdp: CDPSession }> {
  await page.goto('/search');
  await page.getByLabel('Title or artist').fill(title);
  const row = page.getByTestId('song-result').filter({ hasText: title });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="song-result"]').length === 1, undefined, { timeout: 20_000 });
  await row.waitFor({ timeout: 20_000 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
  return { row, cdp };
}

/**
 * Arms the page: the next click anywhere (a capturing listener) starts a clock, stopped when the
 * player's element (#wavelength-audio) has moved past 0 (polled every 2 ms) — or, with the tap
 * switch on (`window.wavelengthAudio`), the audio service's own position: a track started from its
 * first bytes sounds on a buffer voice while the element is still silent (engine/firstBytes.ts).
 */
export async function armClickToSound(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { clickToSound: Promise<number> };
    w.clickToSound = new Promise((resolve) => {
      // inline: a named function here would reach the page wrapped in tsx's __name helper
      document.addEventListener(
        'click',
        () => {
          const clicked = performance.now();
          const poll = setInterval(() => {
            const el = document.getElementById('wavelength-audio') as HTMLAudioElement | null;
            const audio = (window as unknown as { wavelengthAudio?: { currentTime(): number } }).wavelengthAudio;
            if ((audio?.currentTime() ?? el?.currentTime ?? 0) <= 0) return;
            clearInterval(poll);
            resolve(performance.now() - clicked);
          }, 2);
        },
        { capture: true, once: true },
      );
    });
  });
}

/** Milliseconds from the armed click to sound. */
export function clickToSoundMs(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { clickToSound: Promise<number> }).clickToSound);
}
