/** Driving the engine through the app (search, Play, the queue) for e2e/playback-engine.e2e.ts. */
import type { Page } from 'playwright-core';

/** Records what the player sagas ask of the AudioService's engine calls (setNext, setTrackGain), its 'ended' events and the join's context time, in the page. */
export async function recordEngineCalls(page: Page): Promise<void> {
  await page.evaluate(() => {
    const audio = window.wavelengthAudio as unknown as Record<string, (...args: unknown[]) => unknown>;
    const calls: { method: string; args: unknown[] }[] = [];
    const w = window as unknown as { engineCalls: typeof calls; engineEnded: number; engineJoinTime: number };
    w.engineCalls = calls;
    w.engineEnded = 0;
    w.engineJoinTime = 0;
    window.wavelengthAudio!.subscribe((event) => {
      if (event.type === 'ended') w.engineEnded += 1;
      // the join: the context time of the first 'advanced' (or, without one, 'ended'), as playPair finds it
      if ((event.type === 'advanced' || event.type === 'ended') && !w.engineJoinTime) w.engineJoinTime = window.wavelengthAudioTap!.clock()?.currentTime ?? 0;
    });
    for (const method of ['setNext', 'setTrackGain']) {
      const original = audio[method].bind(audio);
      audio[method] = (...args: unknown[]) => {
        calls.push({ method, args });
        return original(...args);
      };
    }
  });
}

/** On the search page: searches `query` and presses Play on the result titled `title` (the results become the queue). */
export async function playFromSearch(page: Page, query: string, title: string, count: number): Promise<void> {
  await page.getByLabel('Title or artist').fill(query);
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="song-result"]').length === n, count);
  await page
    .getByTestId('song-result')
    .filter({ hasText: title })
    .getByRole('button', { name: `Play ${title}` })
    .click();
}

/** Sets the stored playback settings before the app reads them (the Settings page is another part's). */
export async function storePlaybackSettings(page: Page, playback: { crossfadeSeconds: number; replayGainMode: string; preampDb: number }): Promise<void> {
  await page.evaluate((p) => {
    const saved = JSON.parse(localStorage.getItem('wavelength_settings') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('wavelength_settings', JSON.stringify({ ...saved, playback: p }));
  }, playback);
}

export const endedCount = (page: Page) => page.evaluate(() => (window as unknown as { engineEnded: number }).engineEnded);
