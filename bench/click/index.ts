import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser';
import { benchAudioFile, benchMp3File } from '../lib/audioFile';
import { LINK } from './app';
import { APP_RUNS, appFigures, appMethod, runAppClicks } from './appFigures';
import type { Part } from '../lib/part';
import { atMost, info, type Figure } from '../lib/report';
import { addBenchSong, startBenchServer } from '../lib/serverHandle';
import { median } from '../lib/stats';

export { LINK } from './app';
const BUDGET_MS = 500;
const STREAM_RUNS = 5;
const BLOB_RUNS = 2;

interface ClickTiming {
  /** click handler to the media element's 'loadedmetadata' */
  metadataMs: number;
  /** click handler to the 'playing' event */
  playingMs: number;
  /** click handler to currentTime > 0 (polled every 2 ms): the sound is moving */
  audibleMs: number;
  /** click handler to the audio response's headers (DevTools network events) */
  firstByteMs: number | null;
  /** bytes of the audio response the browser had received when it fired loadedmetadata */
  bytesAtMetadata: number | null;
}

interface PageTiming {
  metadataMs: number;
  playingMs: number;
  audibleMs: number;
  /** performance.timeOrigin + the click, ms since the epoch */
  clickedWallMs: number;
}

/**
 * Adds a button to the page that, on a real click, plays `url` the chosen way, and resolves
 * with the times the page itself measured from the click.
 */
async function clickToSound(page: Page, url: string, mode: 'stream' | 'blob'): Promise<PageTiming> {
  await page.evaluate(
    ({ url, mode }) => {
      document.body.innerHTML = '<button id="bench-play">Play</button>';
      const w = window as unknown as { benchResult: Promise<PageTiming> };
      w.benchResult = new Promise((resolve, reject) => {
        document.getElementById('bench-play')!.addEventListener('click', async () => {
          const clicked = performance.now();
          const audio = new Audio();
          audio.preload = 'auto';
          let metadataMs = 0;
          let playingMs = 0;
          audio.addEventListener('loadedmetadata', () => (metadataMs = performance.now() - clicked));
          audio.addEventListener('playing', () => (playingMs = performance.now() - clicked));
          audio.addEventListener('error', () => reject(new Error(`media error ${audio.error?.code}`)));
          const poll = setInterval(() => {
            if (audio.currentTime <= 0) return;
            clearInterval(poll);
            const audibleMs = performance.now() - clicked;
            audio.pause();
            audio.removeAttribute('src');
            audio.load();
            resolve({ metadataMs, playingMs, audibleMs, clickedWallMs: performance.timeOrigin + clicked });
          }, 2);
          try {
            if (mode === 'stream') {
              audio.src = url;
            } else {
              // docs/product.md §8: fetch the whole file, then play it from a blob URL.
              const response = await fetch(url);
              audio.src = URL.createObjectURL(await response.blob());
            }
            await audio.play();
          } catch (error) {
            clearInterval(poll);
            reject(error as Error);
          }
        });
      });
    },
    { url, mode },
  );
  await page.click('#bench-play');
  return page.evaluate(() => (window as unknown as { benchResult: Promise<PageTiming> }).benchResult);
}

/**
 * One run in a fresh browser context on the throttled link. Every run gets its own URL (a
 * query string of its own, which the stream route ignores), because chromium keeps media bytes of a URL it played in memory
 * and would otherwise answer a repeat from there.
 */
/** The wl_stream cookie (a `name=value` pair) as the browser holds it after sign-in. */
function streamCookieFor(baseUrl: string, pair: string) {
  const value = pair.slice(pair.indexOf('=') + 1);
  return { name: 'wl_stream', value, domain: new URL(baseUrl).hostname, path: '/api/songs/stream', httpOnly: true, sameSite: 'Strict' as const };
}

async function measureOnce(browser: Browser, baseUrl: string, url: string, mode: 'stream' | 'blob', streamCookie: string): Promise<ClickTiming> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    await context.addCookies([streamCookieFor(baseUrl, streamCookie)]);
    const page = await context.newPage();
    await page.goto('/api/health');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
    // DevTools network events of the audio request, on the monotonic clock; wallTime maps it to the page's.
    let requestId: string | null = null;
    let wallOffsetS = 0;
    let headersS: number | null = null;
    const data: [number, number][] = [];
    cdp.on('Network.requestWillBeSent', (e) => {
      if (requestId === null && e.request.url.includes('/api/songs/stream/')) {
        requestId = e.requestId;
        wallOffsetS = e.wallTime - e.timestamp;
      }
    });
    cdp.on('Network.responseReceived', (e) => {
      if (e.requestId === requestId) headersS = e.timestamp;
    });
    cdp.on('Network.dataReceived', (e) => {
      if (e.requestId === requestId) data.push([e.timestamp, e.dataLength]);
    });
    const t = await clickToSound(page, url, mode);
    const toPage = (s: number) => (s + wallOffsetS) * 1000 - t.clickedWallMs;
    const metadataAt = t.metadataMs;
    return {
      metadataMs: t.metadataMs,
      playingMs: t.playingMs,
      audibleMs: t.audibleMs,
      firstByteMs: headersS === null ? null : toPage(headersS),
      bytesAtMetadata: requestId === null ? null : data.filter(([s]) => toPage(s) <= metadataAt).reduce((a, [, n]) => a + n, 0),
    };
  } finally {
    await context.close();
  }
}

export const clickPart: Part = {
  name: 'click',
  title: 'Click-to-sound in chromium at 4 Mbit/s, 5 MB file',
  limitSeconds: 1200,
  async run(ctx) {
    const audio = benchAudioFile();
    const server = await startBenchServer();
    const browser = await launchBrowser();
    try {
      const song = await addBenchSong(server, 'Bench Tone', audio);
      const user = await server.user();
      const cookie = await server.call<string>({ cmd: 'streamCookie', userId: user.id });
      // The stream route ignores the query: a distinct one makes each run play a URL the browser never saw.
      let runs = 0;
      const freshUrl = async (songId: string = song.id) => {
        runs += 1;
        return `/api/songs/stream/${songId}?run=${runs}`;
      };

      // Proof that the link is throttled: a plain download of the file takes about size / rate.
      const probeContext = await browser.newContext({ baseURL: server.baseUrl });
      await probeContext.addCookies([streamCookieFor(server.baseUrl, cookie)]);
      const probe = await probeContext.newPage();
      await probe.goto('/api/health');
      const cdp = await probeContext.newCDPSession(probe);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
      const downloadMs = await probe.evaluate(
        async (u) => {
          const t = performance.now();
          await (await fetch(u)).arrayBuffer();
          return performance.now() - t;
        },
        await freshUrl(),
      );
      await probeContext.close();
      ctx.log(`click: the 5 MB download took ${(downloadMs / 1000).toFixed(1)} s on the throttled link`);

      const stream: ClickTiming[] = [];
      const blob: ClickTiming[] = [];
      for (let i = 0; i < STREAM_RUNS; i += 1) stream.push(await measureOnce(browser, server.baseUrl, await freshUrl(), 'stream', cookie));
      for (let i = 0; i < BLOB_RUNS; i += 1) blob.push(await measureOnce(browser, server.baseUrl, await freshUrl(), 'blob', cookie));
      // The same streaming click for a 5 MB MP3, the common case in a library.
      const mp3 = await benchMp3File(ctx.log);
      const mp3Song = await addBenchSong(server, 'Bench Tone MP3', mp3);
      const streamMp3: ClickTiming[] = [];
      for (let i = 0; i < STREAM_RUNS; i += 1) streamMp3.push(await measureOnce(browser, server.baseUrl, await freshUrl(mp3Song.id), 'stream', cookie));
      // The same through the app's own Search page and player, each run a new user and a song of its own (a new publicUrl).
      const app = await runAppClicks(browser, await ctx.clientDir(), { wav: audio, mp3 }, ctx.log);
      const inApp = app.cold.WAV.runs.map((r) => r.soundMs);
      const p50 = (xs: ClickTiming[], key: keyof ClickTiming) => median(xs.map((t) => t[key] ?? Number.NaN));
      const ours = p50(stream, 'audibleMs');
      const ref = p50(blob, 'audibleMs');
      const figures: Figure[] = [
        atMost('click to audible playback, streaming publicUrl (p50)', 'ms', ours, BUDGET_MS, {
          reference: { value: ref, what: 'whole file fetched as a blob first (docs/product.md §8)' },
          ratio: ours / ref,
          note: `${STREAM_RUNS} streaming runs: ${stream.map((t) => Math.round(t.audibleMs)).join(', ')} ms; ${BLOB_RUNS} blob runs: ${blob.map((t) => Math.round(t.audibleMs)).join(', ')} ms. Where the streaming time goes (p50 from the click): response headers ${Math.round(p50(stream, 'firstByteMs'))} ms, loadedmetadata ${Math.round(p50(stream, 'metadataMs'))} ms (with ${Math.round(p50(stream, 'bytesAtMetadata') / 1000)} KB received), playing ${Math.round(p50(stream, 'playingMs'))} ms, sound moving ${Math.round(ours)} ms`,
        }),
        atMost('click to audible playback, streaming a 5 MB MP3 (128 kbit/s) (p50)', 'ms', p50(streamMp3, 'audibleMs'), BUDGET_MS, {
          reference: { value: ref, what: 'the WAV fetched as a blob first (docs/product.md §8)' },
          ratio: p50(streamMp3, 'audibleMs') / ref,
          note: `${STREAM_RUNS} runs: ${streamMp3.map((t) => Math.round(t.audibleMs)).join(', ')} ms; loadedmetadata after ${Math.round(p50(streamMp3, 'bytesAtMetadata') / 1000)} KB (the WAV needs ${Math.round(p50(stream, 'bytesAtMetadata') / 1000)} KB)`,
        }),
        atMost('in the app: Play on the Search page to audible playback (p50)', 'ms', median(inApp), BUDGET_MS, {
          reference: { value: ref, what: 'blob first, as above' },
          ratio: median(inApp) / ref,
          note: `${APP_RUNS} runs through the real Search page and player: ${inApp.map(Math.round).join(', ')} ms`,
        }),
        ...appFigures(app),
        info('click to loadedmetadata, streaming (p50)', 'ms', p50(stream, 'metadataMs')),
        info('click to the audio response headers, streaming (p50)', 'ms', p50(stream, 'firstByteMs')),
        info('audio bytes received when loadedmetadata fired, streaming (p50)', 'KB', p50(stream, 'bytesAtMetadata') / 1000),
        info('plain download of the 5 MB file on the throttled link', 'ms', downloadMs),
      ];
      return {
        method: `Debian chromium (headless, through playwright-core) on a page of the app's origin, with the network emulated by the DevTools protocol at ${(LINK.downloadThroughput * 8) / 1e6} Mbit/s down and up and ${LINK.latency} ms latency, cache disabled. A real click on a button starts playback of a ${(audio.sizeBytes / 1e6).toFixed(1)} MB WAV (44.1 kHz, 16-bit; and, as a second figure, a 5 MB MP3 at 128 kbit/s made with Debian's lame): either \`audio.src = publicUrl\` (what the app's player does: the element streams with Range requests) or the docs/product.md §8 way, \`fetch\` the whole file, then play a blob URL. The time runs from the click handler to the moment currentTime leaves 0 (polled every 2 ms: the sound is moving), measured in the page. Every run uses a fresh browser context and a URL the browser never played (its own query string; the cookie authenticates): chromium keeps media bytes of a played URL in memory. ${STREAM_RUNS} streaming runs and ${BLOB_RUNS} blob runs; medians. ${appMethod(app)} The figure "in the app: Play on the Search page" is the WAV's no-hover runs.`,
        figures,
        details: { stream, streamMp3, blob, inApp, app, downloadMs },
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
