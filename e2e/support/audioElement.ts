/** The app's audio element as a listener would hear it, and a wait on it. */
import type { Page } from 'playwright-core';
import { eventually } from './waits';

export interface AudioState {
  currentTime: number;
  paused: boolean;
  ended: boolean;
  src: string;
  volume: number;
  duration: number;
}

/** The app's one audio element (#wavelength-audio), as a listener would hear it. */
export const audioState = (page: Page): Promise<AudioState> =>
  page.evaluate(() => {
    const el = document.getElementById('wavelength-audio') as HTMLAudioElement | null;
    if (!el) return { currentTime: 0, paused: true, ended: false, src: '', volume: 1, duration: 0 };
    return { currentTime: el.currentTime, paused: el.paused, ended: el.ended, src: el.currentSrc, volume: el.volume, duration: el.duration };
  });

/** Waits until the audio element satisfies `check`, or fails with `what` and the last state seen. */
export async function waitForAudio(page: Page, what: string, check: (a: AudioState) => boolean, timeout = 15_000): Promise<AudioState> {
  return eventually(() => audioState(page), check, what, timeout);
}

/** Waits until the page's audio element passes `check` (run in the page). */
export async function waitForAudioElement(page: Page, check: (el: HTMLAudioElement) => boolean, timeout = 15_000) {
  await page.waitForFunction(`(() => { const el = document.getElementById('wavelength-audio'); return !!el && (${check.toString()})(el); })()`, undefined, {
    timeout,
  });
}
