/** The gapless join measured on the tapped output, for e2e/playback-engine.e2e.ts and e2e/gapless-lossy.e2e.ts. */
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { E2E_ADMIN, newContext, signInByApi } from './browser';
import { discontinuityMs, longestSilenceMs } from './engineAnalysis';
import { storePlaybackSettings } from './engineApp';
import { latestFrame, playPair, sounding, tapped, type UploadedSong } from './engineAudio';

/** A signed-in page whose AudioService is the engine (or the reference element player), tapped. */
export async function tappedPage(browser: Browser, engine: 'engine' | 'element', crossfadeSeconds = 0): Promise<Page> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signInByApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.evaluate((mode) => {
    localStorage.setItem('wavelength_audio_tap', '1');
    if (mode === 'element') localStorage.setItem('wavelength_audio_engine', 'element');
  }, engine);
  await storePlaybackSettings(page, { crossfadeSeconds, replayGainMode: 'auto', preampDb: 0 });
  await page.goto('/search');
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await page.waitForFunction(() => window.wavelengthAudio !== undefined);
  return page;
}

export interface GapFigures {
  /** at the join (± 0.5 s): the longest silence, and how long the signal departs from the continuing sine */
  silenceMs: number;
  discontinuityMs: number;
  /** anywhere in the pair: the longest silence (an element starved of data under load counts here) */
  anywhereMs: number;
  /** how much longer (or shorter, < 0) the pair sounded than its files last: a hand-over that moved the music */
  lengthErrorMs: number;
  events: string[];
}

/** Plays a pair of halves of one 441 Hz sine on a page and measures the join (found by the 'advanced' or 'ended' event's context time). */
export async function measureGap(browser: Browser, engine: 'engine' | 'element', pair: UploadedSong[], pairSeconds: number): Promise<GapFigures> {
  const page = await tappedPage(browser, engine);
  const from = await latestFrame(page);
  const { events, joinTime } = await playPair(page, pair[0].publicUrl, pair[1].publicUrl, 0);
  await page.waitForTimeout(300);
  const log = await page.evaluate(() => window.wavelengthAudioEngine?.debugLog ?? []);
  console.log(`${engine}: ${events.join(',')}\n  ${log.join('\n  ')}`);
  const { samples, sr, start } = await tapped(page, from, await latestFrame(page));
  await page.context().close();
  const heard = sounding(samples, sr, 0.05, 0.1);
  assert.ok(heard.length > 4 * sr && joinTime > 0, `heard ${heard.length / sr} s of the ${pairSeconds} s pair (${events.join(',')})`);
  const join = Math.round(joinTime * sr) - start;
  const around = samples.slice(join - Math.round(0.5 * sr), join + Math.round(0.5 * sr));
  return {
    silenceMs: longestSilenceMs(around, sr, 0.01),
    discontinuityMs: discontinuityMs(around, sr, 441, Math.round(0.3 * sr)),
    anywhereMs: longestSilenceMs(heard, sr, 0.01),
    lengthErrorMs: (sounding(samples, sr, 0.05, 0).length / sr - pairSeconds) * 1000,
    events,
  };
}

export const gapLine = (g: GapFigures) =>
  `${g.silenceMs.toFixed(2)} ms (discontinuity ${g.discontinuityMs.toFixed(2)} ms; longest silence anywhere ${g.anywhereMs.toFixed(2)} ms; length ${g.lengthErrorMs.toFixed(2)} ms off)`;
