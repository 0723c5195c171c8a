import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, E2E_ADMIN, launchBrowser, newContext, signInByApi } from './support/browser';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

/** A 20-second ALAC file in an M4A, made by ffmpeg: no browser plays it as it is. */
function makeAlac(title: string): Buffer {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'wavelength-alac-')), 'track.m4a');
  const tone = 'sine=frequency=330:duration=20';
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    tone,
    '-ar',
    '44100',
    '-ac',
    '2',
    '-metadata',
    `title=${title}`,
    '-c:a',
    'alac',
    '-f',
    'ipod',
    file,
  ]);
  return readFileSync(file);
}

async function waitForAudio(page: Page, check: string, timeout = 20_000) {
  await page.waitForFunction(`(() => { const el = document.getElementById('wavelength-audio'); return !!el && (${check}); })()`, undefined, { timeout });
}

test('an uploaded ALAC track plays and seeks in chromium, sent as FLAC with byte ranges', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  const token = await signInByApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const title = `E2E Alac ${Date.now().toString(36)}`;
  const upload = await page.request.post(`${BASE_URL}/api/songs/upload`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { song: { name: 'track.m4a', mimeType: 'audio/mp4', buffer: makeAlac(title) } },
  });
  assert.equal(upload.status(), 201, await upload.text());
  const { song } = (await upload.json()) as { song: { id: string | number } };

  // only this song's streams: the player may fetch the next song in the queue (a demo WAV) ahead
  const streams: { status: number; type: string | undefined }[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === `/api/songs/stream/${song.id}`) streams.push({ status: res.status(), type: res.headers()['content-type'] });
  });
  await page.goto('/search');
  await page.getByLabel('Title or artist').fill(title);
  const row = page.getByTestId('song-result').filter({ hasText: title });
  await row.getByRole('button', { name: `Play ${title}` }).click();
  await waitForAudio(page, '!el.paused && el.currentTime > 0.3');
  assert.ok(Math.abs((await page.evaluate(() => (document.getElementById('wavelength-audio') as HTMLAudioElement).duration)) - 20) < 0.5);

  // a seek far ahead lands there and keeps playing
  await page.evaluate(() => {
    (document.getElementById('wavelength-audio') as HTMLAudioElement).currentTime = 15;
  });
  await waitForAudio(page, '!el.paused && el.currentTime > 15.3 && el.currentTime < 19');
  assert.ok(streams.length > 0 && streams.every((s) => s.type === 'audio/flac'), JSON.stringify(streams));
  assert.ok(
    streams.some((s) => s.status === 206),
    JSON.stringify(streams),
  );
  await context.close();
});
