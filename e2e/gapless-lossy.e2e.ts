/**
 * Gapless for MP3 and AAC (docs/decisions/playback-engine.md, "MP3 and AAC"): two halves of one
 * continuous 441 Hz sine, encoded by ffmpeg's libmp3lame (a LAME tag with the encoder delay and
 * padding) and by its aac encoder in an M4A (an edit list over the 1,024 frames of priming; and,
 * as iTunes writes them, without an edit list but with the iTunSMPB tag), join as the FLAC pair does:
 * at most 3 ms of silence or departure from the sine. A delay or padding left in, or music cut, moves
 * the sine's phase at the join (1,024 samples are 10.24 periods): it shows as a discontinuity. The
 * pair's length is a figure only: an element starved of data before its hand-over under load adds
 * its stall to it (110 ms once), which is not the join's doing. The old one-element player is
 * measured beside it as the reference.
 * Figures go to the console (ENGINE-FIGURE) and to $E2E_GAPLESS_FIGURES or /tmp/gapless-lossy-figures.json.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { E2E_ADMIN, launchBrowser, newContext, signInByApi } from './support/browser';
import { upload, type UploadedSong } from './support/engineAudio';
import { gapLine, measureGap } from './support/engineGap';

// each half 6 s, as the FLAC pair: the first is handed over to its decoded copy and the second decoded before the join
const HALF = 6 * 44100;
const PAIR_SECONDS = (2 * HALF) / 44100;
const run = Date.now().toString(36);
const figures: Record<string, number> = {};
let browser: Browser;
const CODECS = ['mp3', 'm4a', 'm4a-itunes'] as const;
const pairs: Partial<Record<(typeof CODECS)[number], UploadedSong[]>> = {};

before(async () => {
  browser = await launchBrowser();
  const context = await newContext(browser);
  const page = await context.newPage();
  const token = await signInByApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  for (const codec of CODECS) {
    // no 'Gapless' in its names: playback-engine.e2e.ts searches 'Gapless' on the same server and expects its own two songs
    const album = `Lossy Joins ${codec} ${run}`;
    pairs[codec] = [
      await upload(page, token, { title: `Lossy ${codec} One ${run}`, album, track: 1, freq: 441, from: 0, to: HALF, codec }),
      await upload(page, token, { title: `Lossy ${codec} Two ${run}`, album, track: 2, freq: 441, from: HALF, to: 2 * HALF, codec }),
    ];
  }
  await context.close();
});

after(async () => {
  const out = process.env.E2E_GAPLESS_FIGURES ?? '/tmp/gapless-lossy-figures.json';
  writeFileSync(out, JSON.stringify(figures, null, 2));
  await browser?.close();
});

for (const codec of CODECS) {
  test(`gapless ${codec}: two halves of one sine join without a gap or a discontinuity`, async () => {
    const engine = await measureGap(browser, 'engine', pairs[codec]!, PAIR_SECONDS);
    const reference = await measureGap(browser, 'element', pairs[codec]!, PAIR_SECONDS);
    for (const [name, g] of Object.entries({ engine, reference })) {
      figures[`gap.${codec}.${name}.silenceMs`] = g.silenceMs;
      figures[`gap.${codec}.${name}.discontinuityMs`] = g.discontinuityMs;
      figures[`gap.${codec}.${name}.anywhereMs`] = g.anywhereMs;
      figures[`gap.${codec}.${name}.lengthErrorMs`] = g.lengthErrorMs;
    }
    console.log(`ENGINE-FIGURE gap ${codec} engine=${gapLine(engine)} reference=${gapLine(reference)}`);
    assert.ok(engine.events.includes('advanced') && !engine.events.slice(0, engine.events.indexOf('advanced')).includes('ended'), engine.events.join(','));
    assert.ok(engine.silenceMs <= 3, `${codec} gap ${engine.silenceMs} ms`);
    assert.ok(engine.discontinuityMs <= 3, `${codec} discontinuity ${engine.discontinuityMs} ms`);
  });
}
