import type { Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser';
import { benchAudioFile } from '../lib/audioFile';
import type { Part } from '../lib/part';
import { atMost, info, type Figure } from '../lib/report';
import { startBenchServer } from '../lib/serverHandle';
import { median } from '../lib/stats';

/** 4 Mbit/s down and up; a 20 ms round trip. */
export const LINK = { downloadThroughput: 4_000_000 / 8, uploadThroughput: 4_000_000 / 8, latency: 20 };
const BUDGET_MS = 500;
const STREAM_RUNS = 5;
const BLOB_RUNS = 2;

interface ClickTiming {
  /** click handler to the 'playing' event */
  playingMs: number;
  /** click handler to the first timeupdate with currentTime > 0: the sound is moving */
  audibleMs: number;
}

/**
 * Adds a button to the page that, on a real click, plays `url` the chosen way, and resolves
 * with the times the page itself measured from the click.
 */
async function clickToSound(page: Page, url: string, mode: 'stream' | 'blob'): Promise<ClickTiming> {
  await page.evaluate(
    ({ url, mode }) => {
      document.body.innerHTML = '<button id="bench-play">Play</button>';
      const w = window as unknown as { benchResult: Promise<{ playingMs: number; audibleMs: number }> };
      w.benchResult = new Promise((resolve, reject) => {
        document.getElementById('bench-play')!.addEventListener('click', async () => {
          const clicked = performance.now();
          const audio = new Audio();
          audio.preload = 'auto';
          let playingMs = 0;
          audio.addEventListener('playing', () => (playingMs = performance.now() - clicked));
          audio.addEventListener('timeupdate', () => {
            if (audio.currentTime > 0) {
              const audibleMs = performance.now() - clicked;
              audio.pause();
              audio.removeAttribute('src');
              audio.load();
              resolve({ playingMs, audibleMs });
            }
          });
          audio.addEventListener('error', () => reject(new Error(`media error ${audio.error?.code}`)));
          try {
            if (mode === 'stream') {
              audio.src = url;
            } else {
              // SPEC §8: fetch the whole file, then play it from a blob URL.
              const response = await fetch(url);
              audio.src = URL.createObjectURL(await response.blob());
            }
            await audio.play();
          } catch (error) {
            reject(error as Error);
          }
        });
      });
    },
    { url, mode },
  );
  await page.click('#bench-play');
  return page.evaluate(() => (window as unknown as { benchResult: Promise<ClickTiming> }).benchResult);
}

export const clickPart: Part = {
  name: 'click',
  title: 'Click-to-sound in chromium at 4 Mbit/s, 5 MB file',
  limitSeconds: 120,
  async run(ctx) {
    const audio = benchAudioFile();
    const server = await startBenchServer();
    const browser = await launchBrowser();
    try {
      const song = await server.call<{ id: string }>({
        cmd: 'addSong',
        title: 'Bench Tone',
        artist: 'Wavelength Bench',
        file: audio.file,
        mimeType: audio.mimeType,
        durationMs: audio.durationMs,
        sizeBytes: audio.sizeBytes,
      });
      const user = await server.user();
      const st = await server.call<string>({ cmd: 'streamToken', userId: user.id, songId: song.id });
      const publicUrl = `/api/songs/stream/${song.id}?st=${encodeURIComponent(st)}`;
      const context = await browser.newContext({ baseURL: server.baseUrl });
      const page = await context.newPage();
      await page.goto('/api/health');
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });

      // Proof that the link is throttled: a plain download of the file takes about size / rate.
      const downloadMs = await page.evaluate(async (u) => {
        const t = performance.now();
        await (await fetch(u)).arrayBuffer();
        return performance.now() - t;
      }, publicUrl);
      ctx.log(`click: the 5 MB download took ${(downloadMs / 1000).toFixed(1)} s on the throttled link`);

      const stream: ClickTiming[] = [];
      const blob: ClickTiming[] = [];
      for (let i = 0; i < STREAM_RUNS; i += 1) stream.push(await clickToSound(page, publicUrl, 'stream'));
      for (let i = 0; i < BLOB_RUNS; i += 1) blob.push(await clickToSound(page, publicUrl, 'blob'));
      const ours = median(stream.map((t) => t.audibleMs));
      const ref = median(blob.map((t) => t.audibleMs));
      const figures: Figure[] = [
        atMost('click to audible playback, streaming publicUrl (p50)', 'ms', ours, BUDGET_MS, {
          reference: { value: ref, what: 'whole file fetched as a blob first (SPEC §8)' },
          ratio: ours / ref,
          note: `${STREAM_RUNS} streaming runs: ${stream.map((t) => Math.round(t.audibleMs)).join(', ')} ms; ${BLOB_RUNS} blob runs: ${blob.map((t) => Math.round(t.audibleMs)).join(', ')} ms`,
        }),
        info('click to the playing event, streaming (p50)', 'ms', median(stream.map((t) => t.playingMs)), {
          reference: { value: median(blob.map((t) => t.playingMs)), what: 'blob first' },
        }),
        info('plain download of the 5 MB file on the throttled link', 'ms', downloadMs),
      ];
      await context.close();
      return {
        method: `Debian chromium (headless, through playwright-core) on a page of the app's origin, with the network emulated by the DevTools protocol at ${LINK.downloadThroughput * 8 / 1e6} Mbit/s down and up and ${LINK.latency} ms latency, cache disabled. A real click on a button starts playback of a ${(audio.sizeBytes / 1e6).toFixed(1)} MB WAV: either \`audio.src = publicUrl\` (what the app's player does: the element streams with Range requests) or the SPEC §8 way, \`fetch\` the whole file, then play a blob URL. The time runs from the click handler to the first \`timeupdate\` with currentTime > 0 (sound moving), measured in the page. ${STREAM_RUNS} streaming runs and ${BLOB_RUNS} blob runs; medians.`,
        figures,
        details: { stream, blob, downloadMs },
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
