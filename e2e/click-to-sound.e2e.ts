import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { benchAudioFile, benchFlacFile, benchM4aFile, benchMp3File, type AudioFile } from '../bench/lib/audioFile';
import { BASE_URL, E2E_ADMIN, launchBrowser, newContext, signInByApi } from './support/browser';
import { armClickToSound, clickToSoundMs, searchRowOnSlowLink } from './support/clickToSound';

/**
 * docs/product.md §2.14, sound on the first click: at 4 Mbit/s a hover of 700 ms on Play, then the
 * click, sounds within 150 ms (p50 of 3 runs) for 5 MB WAV, MP3, FLAC and M4A (the bench's files,
 * made once into bench/out/media); a hover alone counts no play, and leaving cancels what it prepared.
 */
const DWELL_MS = 700;
const BUDGET_MS = 150;
const RUNS = 3;
const log = (m: string) => console.log(m);
const FORMATS: { label: string; make: () => Promise<AudioFile> }[] = [
  { label: 'WAV', make: async () => benchAudioFile() },
  { label: 'MP3', make: () => benchMp3File(log) },
  { label: 'FLAC', make: () => benchFlacFile(log) },
  { label: 'M4A', make: () => benchM4aFile(log) },
];

let browser: Browser;
/** a page signed in as the admin, for the API calls (uploads, stats) */
let api: Page;
let token: string;
before(async () => {
  browser = await launchBrowser();
  api = await (await newContext(browser)).newPage();
  token = await signInByApi(api, E2E_ADMIN.email, E2E_ADMIN.password);
});
after(async () => browser?.close());

const stamp = Date.now().toString(36);

/** Uploads the file as a new song with its own title: a URL no browser context has played. */
async function uploadSong(audio: AudioFile, title: string): Promise<string> {
  const res = await api.request.post(`${BASE_URL}/api/songs/upload`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { song: { name: path.basename(audio.file), mimeType: audio.mimeType, buffer: readFileSync(audio.file) }, title },
  });
  assert.equal(res.status(), 201, await res.text());
  return ((await res.json()) as { song: { id: string } }).song.id;
}

interface Opened {
  page: Page;
  cdp: CDPSession;
  play: ReturnType<Page['getByRole']>;
  close: () => Promise<void>;
}

/** A fresh context signed in as the admin, the Search page showing the song, then the link throttled. */
async function openSong(title: string): Promise<Opened> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signInByApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const { row, cdp } = await searchRowOnSlowLink(page, title);
  return { page, cdp, play: row.getByRole('button', { name: `Play ${title}` }), close: () => context.close() };
}

/** Hover, dwell, click; click (capturing listener) to currentTime > 0 of #wavelength-audio, polled every 2 ms. */
async function hoverThenClick({ page, play }: Opened): Promise<number> {
  await armClickToSound(page);
  await play.hover();
  await page.waitForTimeout(DWELL_MS);
  await play.click();
  return clickToSoundMs(page);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

for (const format of FORMATS) {
  test(`hover ${DWELL_MS} ms, then Play on a 5 MB ${format.label} sounds within ${BUDGET_MS} ms (p50 of ${RUNS}) at 4 Mbit/s`, async () => {
    const audio = await format.make();
    const times: number[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const title = `E2E Click ${format.label} ${stamp} ${run}`;
      await uploadSong(audio, title);
      times.push(Math.round(await measure(title)));
    }
    console.log(`click-to-sound ${format.label}: ${times.join(', ')} ms`);
    assert.ok(median(times) <= BUDGET_MS, `${format.label}: p50 ${median(times)} ms over ${BUDGET_MS} ms (${times.join(', ')})`);
  });
}

async function measure(title: string): Promise<number> {
  const opened = await openSong(title);
  try {
    return await hoverThenClick(opened);
  } finally {
    await opened.close();
  }
}

test('hovering Play and leaving counts no play and starts nothing', async () => {
  const title = `E2E Hover Only ${stamp}`;
  const songId = await uploadSong(benchAudioFile(), title);
  const opened = await openSong(title);
  try {
    const counted: string[] = [];
    opened.page.on('request', (r) => {
      if (r.url().includes('/api/stats/') && r.method() === 'POST') counted.push(r.url());
    });
    await opened.play.hover();
    await opened.page.waitForTimeout(DWELL_MS);
    await opened.page.mouse.move(0, 0);
    await opened.page.waitForTimeout(1500);
    assert.deepEqual(counted, []);
    const res = await api.request.get(`${BASE_URL}/api/stats/${songId}`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status(), 200);
    assert.equal(((await res.json()) as { stats: { playCount: number } }).stats.playCount, 0);
    const sounding = await opened.page.evaluate(() => {
      const el = document.getElementById('wavelength-audio') as HTMLAudioElement | null;
      return !!el && (!el.paused || el.currentTime > 0);
    });
    assert.equal(sounding, false, 'a hover must not start playback');
    assert.equal(await opened.page.getByRole('button', { name: `Play ${title}` }).count(), 1, 'the row still offers Play');
  } finally {
    await opened.close();
  }
});

const INTENTS = {
  hover: { show: (o: Opened) => o.play.hover(), end: (o: Opened) => o.page.mouse.move(0, 0), what: 'the pointer left' },
  focus: { show: (o: Opened) => o.play.focus(), end: (o: Opened) => o.play.blur(), what: 'focus moved on' },
};

for (const [name, intent] of Object.entries(INTENTS)) {
  test(`${name} on Play prepares the stream (a request goes out) and when ${intent.what} it is cancelled (no more bytes arrive)`, async () => {
    const title = `E2E Intent Cancel ${name} ${stamp}`;
    await uploadSong(benchAudioFile(), title);
    const opened = await openSong(title);
    try {
      const requests = new Set<string>();
      const ended = new Set<string>();
      let bytesAfter = 0;
      let counting = false;
      opened.cdp.on('Network.requestWillBeSent', (e) => {
        if (e.request.url.includes('/api/songs/stream/')) requests.add(e.requestId);
      });
      const end = (id: string) => requests.has(id) && ended.add(id);
      opened.cdp.on('Network.loadingFailed', (e) => end(e.requestId));
      opened.cdp.on('Network.loadingFinished', (e) => end(e.requestId));
      opened.cdp.on('Network.dataReceived', (e) => {
        if (counting && requests.has(e.requestId)) bytesAfter += e.dataLength;
      });
      await intent.show(opened);
      await opened.page.waitForTimeout(DWELL_MS);
      assert.ok(requests.size > 0, `${name} sent no stream request (prepare on intent: the sagas and the engine)`);
      await intent.end(opened);
      // the player keeps a prepared track 300 ms after the intent goes (a click may still follow), then
      // cancels it; a grace for that and for bytes already on the way, then nothing more may arrive
      await opened.page.waitForTimeout(1000);
      counting = true;
      await opened.page.waitForTimeout(1500);
      assert.equal(bytesAfter, 0, `${bytesAfter} bytes of the prepared stream arrived after ${intent.what} (${ended.size}/${requests.size} requests ended)`);
    } finally {
      await opened.close();
    }
  });
}
