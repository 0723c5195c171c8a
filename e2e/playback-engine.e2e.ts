/**
 * The playback engine measured in chromium (docs/product.md §2.14): the output is tapped
 * (localStorage.wavelength_audio_tap = '1') and analysed here. Gapless: two halves of one 441 Hz
 * sine, against the old one-element player (wavelength_audio_engine = 'element') in the same run.
 * Crossfade: 440 Hz then 660 Hz with 3 s. ReplayGain: a -6 dB tagged copy against an untagged one.
 * Figures go to the console (ENGINE-FIGURE) and to $E2E_FIGURES or /tmp/engine-figures.json.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { E2E_ADMIN, launchBrowser, newContext, signInByApi } from './support/browser';
import { discontinuityMs, longestSilenceMs, overlapSeconds, rmsDb, toneAmplitude } from './support/engineAnalysis';
import { endedCount, playFromSearch, recordEngineCalls } from './support/engineApp';
import { latestFrame, makeNoise, playPair, sounding, tapped, upload, uploadFile, type UploadedSong } from './support/engineAudio';
import { gapLine, measureGap, tappedPage } from './support/engineGap';
import { maxResidual, offsetAt } from './support/engineHandOver';

// each half 6 s: long enough for the first to be handed over to its decoded copy and the second decoded before the join, as tracks are
const HALF = 6 * 44100;
/** the hand-over keeps a sine's place: the pair sounds its files' length to within this */
const LENGTH_TOLERANCE_MS = 5;
const run = Date.now().toString(36);
const figures: Record<string, number | string> = {};
let browser: Browser;
let noise: { samples: Float32Array; song: UploadedSong };
let songs: Record<'gap1' | 'gap2' | 'gap48a' | 'gap48b' | 'fadeA' | 'fadeB' | 'plain' | 'tagged', UploadedSong>;

before(async () => {
  browser = await launchBrowser();
  const context = await newContext(browser);
  const page = await context.newPage();
  const token = await signInByApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const album = `Engine Gapless ${run}`;
  songs = {
    gap1: await upload(page, token, { title: `Gapless One ${run}`, album, track: 1, freq: 441, from: 0, to: HALF }),
    gap2: await upload(page, token, { title: `Gapless Two ${run}`, album, track: 2, freq: 441, from: HALF, to: 2 * HALF }),
    // 48 kHz files: the element and decodeAudioData both resample them to the context's rate
    gap48a: await upload(page, token, {
      title: `Resampled One ${run}`,
      album: `Engine Resampled ${run}`,
      track: 1,
      freq: 441,
      from: 0,
      to: 3 * 48000,
      rate: 48000,
    }),
    gap48b: await upload(page, token, {
      title: `Resampled Two ${run}`,
      album: `Engine Resampled ${run}`,
      track: 2,
      freq: 441,
      from: 3 * 48000,
      to: 6 * 48000,
      rate: 48000,
    }),
    fadeA: await upload(page, token, { title: `Fade A ${run}`, album: `Fade A ${run}`, track: 1, freq: 440, from: 0, to: 8 * 44100 }),
    fadeB: await upload(page, token, { title: `Fade B ${run}`, album: `Fade B ${run}`, track: 1, freq: 660, from: 0, to: 8 * 44100 }),
    plain: await upload(page, token, { title: `Level Plain ${run}`, album: `Level ${run}`, track: 1, freq: 1000, from: 0, to: 4 * 44100 }),
    tagged: await upload(page, token, { title: `Level Tagged ${run}`, album: `Level ${run}`, track: 2, freq: 1000, from: 0, to: 4 * 44100, replayGainDb: -6 }),
  };
  const pink = makeNoise(`Hand Over Noise ${run}`, 6);
  noise = { samples: pink.samples, song: await uploadFile(page, token, pink.flac) };
  await context.close();
});

after(async () => {
  const out = process.env.E2E_FIGURES ?? '/tmp/engine-figures.json';
  writeFileSync(out, JSON.stringify(figures, null, 2));
  console.log(`ENGINE-FIGURE written to ${out}`);
  await browser?.close();
});

test('gapless: two halves of one sine join without a gap (engine), measured against the old element player', async () => {
  const engine = await measureGap(browser, 'engine', [songs.gap1, songs.gap2], (2 * HALF) / 44100);
  const reference = await measureGap(browser, 'element', [songs.gap1, songs.gap2], (2 * HALF) / 44100);
  const resampled = await measureGap(browser, 'engine', [songs.gap48a, songs.gap48b], 6);
  for (const [name, g] of Object.entries({ engine, reference, engine48k: resampled })) {
    figures[`gap.${name}.silenceMs`] = g.silenceMs;
    figures[`gap.${name}.discontinuityMs`] = g.discontinuityMs;
    figures[`gap.${name}.anywhereMs`] = g.anywhereMs;
    figures[`gap.${name}.lengthErrorMs`] = g.lengthErrorMs;
  }
  console.log(`ENGINE-FIGURE gap engine=${gapLine(engine)} reference=${gapLine(reference)}`);
  console.log(`ENGINE-FIGURE gap engine, 48 kHz files=${gapLine(resampled)}`);
  assert.ok(engine.events.includes('advanced') && !engine.events.slice(0, engine.events.indexOf('advanced')).includes('ended'), engine.events.join(','));
  assert.ok(engine.silenceMs <= 3, `engine gap ${engine.silenceMs} ms`);
  assert.ok(engine.discontinuityMs <= 3, `engine discontinuity ${engine.discontinuityMs} ms`);
  assert.ok(
    resampled.silenceMs <= 3 && resampled.discontinuityMs <= 3,
    `engine with 48 kHz files: gap ${resampled.silenceMs} ms, discontinuity ${resampled.discontinuityMs} ms`,
  );
  // a steady tone matches at every period: the hand-over must still take the element's own place (issue 27, item 25)
  for (const [name, g] of Object.entries({ engine, engine48k: resampled }))
    assert.ok(Math.abs(g.lengthErrorMs) <= LENGTH_TOLERANCE_MS, `${name}: the pair sounded ${g.lengthErrorMs.toFixed(2)} ms off its files' length`);
});

async function measureCrossfade(): Promise<number> {
  const page = await tappedPage(browser, 'engine');
  const from = await latestFrame(page);
  const { events } = await playPair(page, songs.fadeA.publicUrl, songs.fadeB.publicUrl, 3);
  const { samples, sr } = await tapped(page, from, await latestFrame(page));
  await page.context().close();
  const overlap = overlapSeconds(samples, sr, 440, 660);
  console.log(`ENGINE-FIGURE crossfade set=3 s overlap=${overlap.toFixed(3)} s (${events.join(',')})`);
  return overlap;
}

// A second pair only when the first misses: under the gate's load one run in four measured 3.08 s
// (3.00-3.03 s otherwise); both figures are logged, and two misses fail.
test('crossfade: 3 s set, the two tones overlap for 3 s (± 50 ms)', async () => {
  let overlap = await measureCrossfade();
  if (Math.abs(overlap - 3) > 0.05) overlap = await measureCrossfade();
  figures.crossfadeOverlapSeconds = overlap;
  assert.ok(Math.abs(overlap - 3) <= 0.05, `overlap ${overlap} s`);
});

test('ReplayGain: a track tagged -6 dB sounds 6 dB (± 0.5) below its untagged copy', async () => {
  const tagged = songs.tagged.replayGain?.trackGain;
  assert.equal(tagged, -6, `the scan read REPLAYGAIN_TRACK_GAIN: ${JSON.stringify(songs.tagged.replayGain)}`);
  const page = await tappedPage(browser, 'engine');
  const level = async (url: string, gain: number) => {
    const from = await latestFrame(page);
    await page.evaluate(
      async ([u, g]) => {
        const audio = window.wavelengthAudio!;
        await audio.load(u);
        audio.setTrackGain(g);
        await audio.play();
        await new Promise((r) => setTimeout(r, 2500));
        audio.pause();
      },
      [url, gain] as const,
    );
    const { samples, sr } = await tapped(page, from, await latestFrame(page));
    const heard = sounding(samples, sr, 0.005, 0.3);
    return rmsDb(heard);
  };
  const plain = await level(songs.plain.publicUrl, 1);
  const quieter = await level(songs.tagged.publicUrl, 10 ** (tagged / 20));
  await page.context().close();
  figures.replayGainDeltaDb = quieter - plain;
  console.log(`ENGINE-FIGURE replaygain tagged=-6 dB measured=${(quieter - plain).toFixed(2)} dB (plain ${plain.toFixed(2)} dBFS)`);
  assert.ok(Math.abs(quieter - plain + 6) <= 0.5, `level difference ${quieter - plain} dB`);
});

/**
 * Through the app: the results of a search become the queue and the player's sagas hand the engine
 * the next track (setNext, with the crossfade setting and the next track's ReplayGain gain).
 * Resolves with the tapped output and the plan the sagas set.
 */
async function playThroughApp(query: string, first: string, last: string, crossfadeSeconds: number) {
  const page = await tappedPage(browser, 'engine', crossfadeSeconds);
  await recordEngineCalls(page);
  const from = await latestFrame(page);
  await playFromSearch(page, query, first, 2);
  await page.getByTestId('player-title').filter({ hasText: first }).waitFor();
  // the sagas hand the engine the next track as the first one starts
  await page.waitForFunction(
    () => (window as unknown as { engineCalls: { method: string; args: unknown[] }[] }).engineCalls.some((c) => c.method === 'setNext' && c.args[0] !== null),
    undefined,
    { timeout: 5_000 },
  );
  const plan = await page.evaluate(
    () =>
      (window as unknown as { engineCalls: { method: string; args: { gain: number; crossfadeSeconds: number }[] }[] }).engineCalls.find(
        (c) => c.method === 'setNext' && c.args[0] !== null,
      )!.args[0],
  );
  await page.getByTestId('player-title').filter({ hasText: last }).waitFor({ timeout: 20_000 });
  const endedBefore = await endedCount(page);
  await page.waitForFunction((n) => (window as unknown as { engineEnded: number }).engineEnded > n, endedBefore, { timeout: 20_000 });
  const joinTime = await page.evaluate(() => (window as unknown as { engineJoinTime: number }).engineJoinTime);
  const { samples, sr, start } = await tapped(page, from, await latestFrame(page));
  await page.context().close();
  return { samples, sr, start, joinTime, plan };
}

/**
 * Measured at the join (± 0.5 s, found by the 'advanced' event's context time) as the engine-driven
 * test measures it; the longest silence anywhere (an element starved of data under load before its
 * hand-over, 13 ms once in a gate) is a figure, as there.
 */
test("through the app: an album's two halves play gapless from the queue", async () => {
  const { samples, sr, start, joinTime, plan } = await playThroughApp('Gapless', `Gapless One ${run}`, `Gapless Two ${run}`, 0);
  assert.equal(plan.crossfadeSeconds, 0, 'the next track of the same album is gapless');
  const heard = sounding(samples, sr, 0.05, 0.1);
  assert.ok(heard.length > 4 * sr && joinTime > 0, `heard ${heard.length / sr} s of the 6 s pair, join at context ${joinTime} s`);
  const join = Math.round(joinTime * sr) - start;
  const around = samples.slice(join - Math.round(0.5 * sr), join + Math.round(0.5 * sr));
  const silence = longestSilenceMs(around, sr, 0.01);
  const discontinuity = discontinuityMs(around, sr, 441, Math.round(0.3 * sr));
  const anywhere = longestSilenceMs(heard, sr, 0.01);
  figures.gapAppSilenceMs = silence;
  figures.gapAppDiscontinuityMs = discontinuity;
  figures.gapAppAnywhereMs = anywhere;
  console.log(
    `ENGINE-FIGURE gap through the app=${silence.toFixed(2)} ms (discontinuity ${discontinuity.toFixed(2)} ms; longest silence anywhere ${anywhere.toFixed(2)} ms)`,
  );
  assert.ok(silence <= 3 && discontinuity <= 3, `gap ${silence} ms, discontinuity ${discontinuity} ms at the join (longest silence anywhere ${anywhere} ms)`);
});

/**
 * The sagas hand the engine a 3 s crossfade for tracks of two albums, and the tones overlap for 3 s
 * (± 50 ms), as on the engine driven directly. This measured 3.05-3.06 s until issue 31: the recording
 * here holds the first tone's start and the second's end, whose blocks the overlap counted (see
 * overlapSeconds); the engine-driven recording seldom held the second's end.
 */
test("through the app: with crossfade set to 3 s, two albums' tracks overlap about 3 s", async () => {
  const { samples, sr, plan } = await playThroughApp('Fade', `Fade A ${run}`, `Fade B ${run}`, 3);
  assert.equal(plan.crossfadeSeconds, 3);
  const overlap = overlapSeconds(samples, sr, 440, 660);
  figures.crossfadeAppOverlapSeconds = overlap;
  console.log(`ENGINE-FIGURE crossfade through the app set=3 s overlap=${overlap.toFixed(3)} s`);
  assert.ok(Math.abs(overlap - 3) <= 0.05, `overlap ${overlap} s`);
});

test('through the app: the -6 dB tagged track sounds 6 dB (± 0.5) below the untagged one', async () => {
  const { samples, sr, plan } = await playThroughApp('Level', `Level Plain ${run}`, `Level Tagged ${run}`, 0);
  assert.ok(Math.abs(plan.gain - 10 ** (-6 / 20)) < 1e-3, `the sagas give the tagged track its gain: ${plan.gain}`);
  // the two 4 s tones, each measured over its steady middle
  const heard = sounding(samples, sr, 0.005, 0);
  const plain = rmsDb(heard, Math.round(1 * sr), Math.round(3 * sr));
  const tagged = rmsDb(heard, Math.round(5.2 * sr), Math.round(7 * sr));
  figures.replayGainAppDeltaDb = tagged - plain;
  console.log(`ENGINE-FIGURE replaygain through the app tagged=-6 dB measured=${(tagged - plain).toFixed(2)} dB`);
  assert.ok(Math.abs(tagged - plain + 6) <= 0.5, `level difference ${tagged - plain} dB`);
});

test('hand-over: on pink noise the buffer voice takes over from the element on the exact sample', async () => {
  const page = await tappedPage(browser, 'engine');
  const from = await latestFrame(page);
  const log = await page.evaluate(async (url) => {
    const audio = window.wavelengthAudio!;
    await audio.load(url);
    const debug = window.wavelengthAudioEngine!.debugLog;
    await audio.play();
    for (let i = 0; i < 100 && !debug.some((l) => l.includes('buffer voice')); i += 1) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 1000));
    audio.pause();
    return debug;
  }, noise.song.publicUrl);
  const { samples, sr, start } = await tapped(page, from, await latestFrame(page));
  await page.context().close();
  const line = log.find((l) => l.includes('buffer voice')) ?? '';
  const at = Number(/at context ([\d.]+) s/.exec(line)?.[1]);
  assert.ok(at > 0, log.join('\n'));
  const handOver = Math.round(at * sr) - start;
  // the element's side is probed halfway through what it played (at most 0.3 s back): a quick
  // hand-over, 0.3 s into the track, left a probe 0.3 s back at the very first output frames
  const played = Number(/buffer voice from ([\d.]+) s/.exec(line)?.[1]);
  const before = offsetAt(samples, handOver - Math.round(Math.min(0.3, played / 2) * sr), noise.samples);
  const after = offsetAt(samples, handOver + Math.round(0.2 * sr), noise.samples);
  // the join itself (± 10 ms), and each side over 0.2 s (an element starved of data under load shows on its side)
  const ms = (n: number) => Math.round((n / 1000) * sr);
  const residual = maxResidual(samples, noise.samples, before.offset, handOver - ms(10), handOver + ms(10));
  const elementSide = maxResidual(samples, noise.samples, before.offset, handOver - ms(200), handOver);
  const bufferSide = maxResidual(samples, noise.samples, before.offset, handOver, handOver + ms(200));
  figures['handOver.slipSamples'] = after.offset - before.offset;
  figures['handOver.maxResidualAtJoin'] = residual;
  figures['handOver.maxResidualElementSide'] = elementSide;
  figures['handOver.maxResidualBufferSide'] = bufferSide;
  console.log(
    `ENGINE-FIGURE hand-over on noise: ${line}; element match ${before.score.toFixed(4)}, buffer match ${after.score.toFixed(4)}, slip ${after.offset - before.offset} samples, max residual at the join ${residual.toExponential(2)}, element side ${elementSide.toExponential(2)}, buffer side ${bufferSide.toExponential(2)} (${log.join(' / ')})`,
  );
  assert.ok(before.score > 0.99 && after.score > 0.99, 'both sides match the file');
  assert.equal(after.offset, before.offset, 'no sample slipped or repeated at the hand-over');
  assert.ok(residual < 0.01 && bufferSide < 0.01, `output departs from the file by ${residual} at the join, ${bufferSide} after it`);
});

test('radio boundary: a next track with startAtMs starts at that wall-clock time on the audio clock', async () => {
  const page = await tappedPage(browser, 'engine');
  const from = await latestFrame(page);
  const planned = await page.evaluate(
    async ([first, second]) => {
      const audio = window.wavelengthAudio!;
      await audio.load(first);
      await audio.play();
      await new Promise((r) => setTimeout(r, 1500));
      const startAtMs = Date.now() + 1500;
      audio.setNext({ key: 'radio', url: second, gain: 1, crossfadeSeconds: 0, startAtMs, offsetSeconds: 1 });
      // where the context should be heard at startAtMs, by the output timestamp's own mapping
      const clock = window.wavelengthAudioTap!.clock()!;
      const expected = clock.contextTime + (startAtMs - clock.timeOrigin - clock.performanceTime) / 1000;
      const advanced = await new Promise<number>((resolve) => {
        const off = audio.subscribe((e) => {
          if (e.type === 'advanced') {
            off();
            resolve(Date.now());
          }
        });
      });
      await new Promise((r) => setTimeout(r, 500));
      audio.pause();
      return { expected, startAtMs, advanced };
    },
    [songs.fadeA.publicUrl, songs.fadeB.publicUrl] as const,
  );
  const { samples, sr, start } = await tapped(page, from, await latestFrame(page));
  await page.context().close();
  // the first 10 ms block where the 660 Hz tone is present
  const block = Math.round(sr * 0.01);
  let onset = -1;
  for (let i = 0; i + block <= samples.length && onset < 0; i += block) if (toneAmplitude(samples, i, i + block, 660, sr) > 0.1) onset = i;
  const heardAt = (start + onset) / sr;
  const errorMs = (heardAt - planned.expected) * 1000;
  figures['radio.startErrorMs'] = errorMs;
  console.log(
    `ENGINE-FIGURE radio start: tone B at context ${heardAt.toFixed(4)} s, planned ${planned.expected.toFixed(4)} s (${errorMs.toFixed(1)} ms); 'advanced' ${planned.advanced - planned.startAtMs} ms after startAtMs`,
  );
  assert.ok(onset >= 0 && Math.abs(errorMs) <= 15, `started ${errorMs} ms off`);
});
