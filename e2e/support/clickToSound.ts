/** Click-to-sound in the app, for e2e/click-to-sound.e2e.ts and the bench's click part. */
import type { Page } from 'playwright-core';

/**
 * Arms the page: the next click anywhere (a capturing listener) starts a clock, stopped when the
 * player's element (#wavelength-audio) has moved past 0 (polled every 2 ms).
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
            if (!el || el.currentTime <= 0) return;
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
