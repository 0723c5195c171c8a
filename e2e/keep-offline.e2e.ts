/**
 * Music kept on this device (docs/product.md §2.17): a listener keeps an album ("Available
 * offline"), the server is really stopped (its own server here, with a folder of two tagged FLAC
 * files), and after a reload the kept music page plays the album from the service worker's cache,
 * seeks within it (range requests answered from the cache), and Settings shows the space it takes.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { waitForAudio } from './support/audioElement';
import { screenshot } from './support/browser';
import { signedInProfile } from './support/installableProfile';
import { freePort, startServer, type RunningServer } from './support/server';
import { eventually, expectVisible } from './support/waits';

const run = promisify(execFile);
const root = process.cwd();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'wavelength-keep-'));
const music = path.join(tmp, 'music');
const ALBUM = 'Kept Harbour';
const TITLES = ['Quay Light', 'Slack Water'];
let server: RunningServer;
let context: BrowserContext;
let page: Page;

/** A tagged 30-second mono FLAC of a sine. */
async function makeFlac(title: string, track: number) {
  const tags = { title, artist: 'Offline Quartet', album: ALBUM, album_artist: 'Offline Quartet', track: String(track), date: '2026' };
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${300 + track * 60}:duration=30`, '-c:a', 'flac', '-ar', '22050', '-ac', '1'],
    ...Object.entries(tags).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]),
    path.join(music, `${track} ${title}.flac`),
  ]);
}

before(async () => {
  if (!process.env.E2E_CLIENT_DIR) throw new Error('run through e2e/run.ts (it sets E2E_CLIENT_DIR)');
  mkdirSync(music);
  await Promise.all(TITLES.map((title, i) => makeFlac(title, i + 1)));
  server = await startServer({
    root,
    port: await freePort(),
    dataDir: path.join(tmp, 'data'),
    clientDir: process.env.E2E_CLIENT_DIR,
    env: { SHUTDOWN_GRACE_S: '0', MUSIC_DIR: music, MUSIC_WATCH: 'off' },
  });
  ({ context, page } = await signedInProfile(tmp, server.baseUrl));
});

after(async () => {
  await context?.close();
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

test('an album kept on this device plays and seeks with the server stopped; Settings shows its size', async () => {
  // the worker controls the page from its next load
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the service worker controls the page');

  const albumId = await eventually(
    () =>
      page.evaluate(async (name) => {
        const headers = { authorization: `Bearer ${localStorage.getItem('auth_token')}` };
        const body = (await (await fetch('/api/albums?sort=name', { headers })).json()) as { albums?: { id: string; name: string }[] };
        return body.albums?.find((a) => a.name === name)?.id ?? null;
      }, ALBUM),
    (id) => id !== null,
    'the scan has found the album',
    30_000,
    250,
  );
  await page.goto(`/albums/${albumId}`);
  await page.getByRole('heading', { name: ALBUM, level: 1 }).waitFor();
  const keep = page.getByRole('button', { name: 'Available offline', exact: true });
  assert.equal(await keep.getAttribute('aria-pressed'), 'false');
  await keep.click();
  const kept = page.getByRole('button', { name: 'Available offline ✓', exact: true });
  await expectVisible(kept, 'the album is kept', 20_000);
  assert.equal(await kept.getAttribute('aria-pressed'), 'true');
  await screenshot(page, 'album-kept');

  await server.stop();
  assert.notEqual(server.process.exitCode, null, 'the server process has exited');
  await page.goto('/kept');
  await expectVisible(page.getByRole('heading', { name: 'Music on this device', level: 1 }), 'the kept music page opens offline', 10_000);
  await expectVisible(page.getByText('You are offline. Wavelength will reconnect when the network is back.'), 'the app says it is offline', 10_000);
  await expectVisible(page.getByRole('heading', { name: ALBUM, level: 2 }), 'the kept album is listed');
  for (const title of TITLES) await expectVisible(page.getByText(title, { exact: true }).first(), `${title} is listed`);

  await page.getByRole('button', { name: `Play ${TITLES[0]}`, exact: true }).click();
  const playing = await waitForAudio(page, `${TITLES[0]} plays offline`, (a) => !a.paused && a.currentTime > 0.5, 15_000);
  assert.match(new URL(playing.src).pathname, /^\/api\/songs\/stream\//);
  await page.getByRole('slider', { name: 'Seek' }).fill('20');
  await waitForAudio(page, 'the seek lands near 0:20, answered from the cache', (a) => !a.paused && a.currentTime >= 19.5 && a.currentTime < 24, 10_000);
  await screenshot(page, 'kept-offline');

  await page.goto('/settings');
  const storage = page.getByRole('region', { name: 'Storage on this device' });
  await expectVisible(storage, 'Settings has the storage panel', 10_000);
  const size = await storage.getByTestId('kept-size').textContent();
  assert.match(size ?? '', /^Music kept: [1-9][\d.]* (KB|MB) \(2 songs\)$/, `the kept size is shown: ${size}`);
  const estimate = await storage.getByTestId('storage-estimate').textContent();
  assert.match(estimate ?? '', /used of [1-9]/, `the browser's estimate is shown: ${estimate}`);
  await storage.scrollIntoViewIfNeeded();
  await screenshot(page, 'settings-storage');
});
