/**
 * Issue #14 "Must show": with MUSIC_DIR set by the test to a folder of tagged FLAC files with
 * embedded covers, a listener browses Albums, sees artwork, opens an album, plays a FLAC track and
 * the lock-screen metadata carries the album's artwork. Starts its own server (the shared one of
 * run.ts has no MUSIC_DIR).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ruleViolations } from './support/axe';
import { launchBrowser, SCREENSHOT_DIR } from './support/browser';
import { freePort, startServer, type RunningServer } from './support/server';
import { eventually } from './support/waits';

const run = promisify(execFile);
const root = path.resolve('.');

interface TrackFile {
  album: string;
  albumArtist: string;
  title: string;
  track: number;
  disc: number;
  genre: string;
  year: number;
  cover: string;
}

const HARBOUR = { album: 'Harbour Lights', albumArtist: 'The Tidal Quartet', genre: 'Jazz', year: 2019, cover: 'harbour.jpg' };
const FERRY = { album: 'Night Ferry', albumArtist: 'Mira Solenne', genre: 'Ambient', year: 2021, cover: 'ferry.jpg' };
/** Single-track albums with gradient covers, so the grid and the screenshots look like a library. */
const SINGLES = [
  { album: 'Amber Static', albumArtist: 'Ostrava Radio Club', genre: 'Electronic', year: 2018, colors: ['0xf59e0b', '0x7c2d12'] },
  { album: 'Cinder Garden', albumArtist: 'Luma Vale', genre: 'Folk', year: 2020, colors: ['0x065f46', '0xa7f3d0'] },
  { album: 'Paper Satellites', albumArtist: 'Ostrava Radio Club', genre: 'Electronic', year: 2022, colors: ['0x1e3a8a', '0xf472b6'] },
  { album: 'Salt Roads', albumArtist: 'Hollow Pines', genre: 'Folk', year: 2017, colors: ['0x334155', '0xe2e8f0'] },
  { album: 'Velvet Arcade', albumArtist: 'Neon Parlour', genre: 'Synthwave', year: 2023, colors: ['0x4c1d95', '0x22d3ee'] },
  { album: 'Winter Orchard', albumArtist: 'Luma Vale', genre: 'Folk', year: 2024, colors: ['0x7f1d1d', '0xfde68a'] },
].map((a) => ({ ...a, cover: `${a.album}.jpg` }));
const TRACKS: TrackFile[] = [
  { ...HARBOUR, title: 'Low Tide', track: 1, disc: 1 },
  { ...HARBOUR, title: 'Pier Lamps', track: 2, disc: 1 },
  { ...HARBOUR, title: 'Fog Signal', track: 1, disc: 2 },
  { ...HARBOUR, title: 'Last Boat Home', track: 2, disc: 2 },
  { ...FERRY, title: 'Deck at Midnight', track: 1, disc: 1 },
  { ...FERRY, title: 'Wake', track: 2, disc: 1 },
  ...SINGLES.map((a) => ({ ...a, title: `${a.album} Theme`, track: 1, disc: 1 })),
];
const ALBUM_NAMES = [HARBOUR.album, FERRY.album, ...SINGLES.map((a) => a.album)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));

/** A 500x500 JPEG of one colour with a shape, made by ffmpeg. */
async function makeCover(file: string, color: string) {
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=${color}:s=500x500`,
    '-vf',
    'drawbox=x=120:y=120:w=260:h=260:color=white@0.8:t=fill',
    '-frames:v',
    '1',
    file,
  ]);
}

/** A 500x500 JPEG of a diagonal gradient with a translucent square, made by ffmpeg. */
async function makeGradientCover(file: string, [from, to]: string[]) {
  const gradient = `gradients=s=500x500:c0=${from}:c1=${to}:x0=0:y0=0:x1=500:y1=500:nb_colors=2`;
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    gradient,
    '-vf',
    'drawbox=x=150:y=150:w=200:h=200:color=white@0.3:t=fill',
    '-frames:v',
    '1',
    file,
  ]);
}

/** A tagged 20-second FLAC with the cover embedded as its front picture. */
async function makeFlac(dir: string, t: TrackFile, index: number) {
  const target = path.join(dir, t.albumArtist, t.album, `${t.disc}-${String(t.track).padStart(2, '0')} ${t.title}.flac`);
  await mkdir(path.dirname(target), { recursive: true });
  const tags = {
    title: t.title,
    artist: t.albumArtist,
    album: t.album,
    album_artist: t.albumArtist,
    track: String(t.track),
    disc: `${t.disc}`,
    genre: t.genre,
    date: String(t.year),
  };
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${330 + index * 40}:duration=20`, '-i', path.join(dir, t.cover)],
    ...['-map', '0:a', '-map', '1:v', '-c:a', 'flac', '-ar', '44100', '-ac', '1', '-c:v', 'copy', '-disposition:v', 'attached_pic'],
    ...['-metadata:s:v', 'title=Album cover', '-metadata:s:v', 'comment=Cover (front)'],
    ...Object.entries(tags).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]),
    target,
  ]);
}

let tmp: string;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

async function api<T>(url: string): Promise<T> {
  const res = await fetch(`${server.baseUrl}/api${url}`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200, `${url}: ${res.status} ${await res.clone().text()}`);
  return (await res.json()) as T;
}

type AlbumBody = { id: string; name: string; artworkUrl: string | null };

async function waitForAlbums(count: number): Promise<AlbumBody[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { albums } = await api<{ albums: AlbumBody[] }>('/albums?sort=name');
    if (albums.length >= count) return albums;
    if (Date.now() > deadline) throw new Error(`the scan found ${albums.length} albums:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const shot = (name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
/** Every <img> of the artwork component inside `scope` that loaded a real picture. */
const loadedArtwork = (scope: string) =>
  page.evaluate(
    (s) => [...document.querySelectorAll<HTMLImageElement>(`${s} img[data-testid="artwork"]`)].filter((i) => i.complete && i.naturalWidth > 0).length,
    scope,
  );

before(
  async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'wavelength-albums-e2e-'));
    const music = path.join(tmp, 'music');
    await mkdir(music);
    await makeCover(path.join(music, HARBOUR.cover), 'teal');
    await makeCover(path.join(music, FERRY.cover), 'darkorange');
    await Promise.all(SINGLES.map((a) => makeGradientCover(path.join(music, a.cover), a.colors)));
    await Promise.all(TRACKS.map((t, i) => makeFlac(music, t, i)));
    await Promise.all([HARBOUR.cover, FERRY.cover, ...SINGLES.map((a) => a.cover)].map((c) => rm(path.join(music, c))));
    const clientDir = process.env.E2E_CLIENT_DIR ?? path.join(path.dirname(process.env.E2E_DATA_DIR ?? tmp), 'client');
    server = await startServer({ root, port: await freePort(), dataDir: path.join(tmp, 'data'), clientDir, env: { MUSIC_DIR: music, MUSIC_WATCH: 'off' } });

    const user = { username: `albums${Date.now().toString(36)}`, email: `albums${Date.now().toString(36)}@e2e.test`, password: 'listener-password' };
    assert.equal(
      (await fetch(`${server.baseUrl}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) }))
        .status,
      201,
    );
    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.email, password: user.password }),
    });
    token = ((await login.json()) as { token: { token: string } }).token.token;
    await waitForAlbums(ALBUM_NAMES.length);

    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await page.goto('/auth/login');
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
  },
  { timeout: 180_000 },
);

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test('Albums shows the scanned albums as cards', async () => {
  await page.goto('/albums');
  await page.getByRole('heading', { level: 1, name: 'Albums' }).waitFor();
  const grid = page.getByRole('list', { name: 'Albums' });
  await grid.getByRole('link', { name: `${HARBOUR.album}, ${HARBOUR.albumArtist} · ${HARBOUR.year}` }).waitFor();
  await grid.getByRole('link', { name: `${FERRY.album}, ${FERRY.albumArtist} · ${FERRY.year}` }).waitFor();
  await page.getByLabel('Sort by').selectOption('name');
  await page.waitForURL('**/albums?sort=name');
  // the grid shows the recent order until the name-sorted page arrives
  const names = await eventually(
    () => grid.locator('strong').allTextContents(),
    (shown) => JSON.stringify(shown) === JSON.stringify(ALBUM_NAMES),
    'the albums in name order',
  );
  assert.deepEqual(names, ALBUM_NAMES);
});

test('[artwork] the album cards show the embedded covers (an img with naturalWidth > 0)', async () => {
  await page.goto('/albums?sort=name');
  await page.getByRole('list', { name: 'Albums' }).getByRole('link').first().waitFor();
  await page
    .waitForFunction(
      (n) =>
        [...document.querySelectorAll<HTMLImageElement>('[data-testid="virtual-grid"] img[data-testid="artwork"]')].filter(
          (i) => i.complete && i.naturalWidth > 0,
        ).length >= n,
      ALBUM_NAMES.length,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  await shot('albums');
  assert.equal(await loadedArtwork('[data-testid="virtual-grid"]'), ALBUM_NAMES.length, 'every album card draws a loaded cover');
});

test('an album lists its discs and plays a FLAC track (currentTime advances)', async () => {
  await page.goto('/albums?sort=name');
  await page.getByRole('link', { name: `${HARBOUR.album}, ${HARBOUR.albumArtist} · ${HARBOUR.year}` }).click();
  await page.getByRole('heading', { level: 1, name: HARBOUR.album }).waitFor();
  await page.getByRole('heading', { name: 'Disc 1' }).waitFor();
  await page.getByRole('heading', { name: 'Disc 2' }).waitFor();
  assert.equal(await page.getByTestId('album-facts').textContent(), '4 songs · 1 min');
  assert.deepEqual(await page.getByTestId('album-song').getByTestId('song-title').allTextContents(), [
    'Low Tide',
    'Pier Lamps',
    'Fog Signal',
    'Last Boat Home',
  ]);
  await page.getByRole('button', { name: 'Play Low Tide' }).click();
  await page.waitForFunction(
    () => {
      const el = document.getElementById('wavelength-audio') as HTMLAudioElement | null;
      return !!el && !el.paused && el.currentTime > 1;
    },
    undefined,
    { timeout: 20_000 },
  );
  assert.match(await page.evaluate(() => (document.getElementById('wavelength-audio') as HTMLAudioElement).currentSrc), /\/api\/songs\/stream\//);
  assert.equal(await page.getByTestId('player-title').textContent(), 'Low Tide');
  await page.waitForTimeout(300);
  await shot('album');
});

test('[artwork] the album page shows its cover and the lock-screen metadata carries the artwork', async () => {
  const albums = await waitForAlbums(ALBUM_NAMES.length);
  const harbour = albums.find((a) => a.name === HARBOUR.album)!;
  const metadata = await page.evaluate(() => {
    const m = navigator.mediaSession.metadata;
    return m && { title: m.title, album: m.album, artwork: m.artwork.map((a) => ({ src: a.src, sizes: a.sizes, type: a.type })) };
  });
  assert.equal(metadata?.title, 'Low Tide');
  assert.equal(metadata?.album, HARBOUR.album);
  assert.ok(harbour.artworkUrl, 'the API gives the album an artworkUrl');
  assert.equal(await loadedArtwork('header'), 1, 'the album page draws its loaded cover');
  assert.deepEqual(
    metadata?.artwork,
    [64, 300, 600].map((size) => ({ src: `${server.baseUrl}${harbour.artworkUrl}?size=${size}`, sizes: `${size}x${size}`, type: 'image/jpeg' })),
  );
});

test('the album artist opens the artist page with albums and top songs', async () => {
  await page.getByRole('link', { name: HARBOUR.albumArtist }).click();
  await page.getByRole('heading', { level: 1, name: HARBOUR.albumArtist }).waitFor();
  await page
    .getByRole('list', { name: `Top songs of ${HARBOUR.albumArtist}` })
    .getByText('Low Tide')
    .waitFor();
  await page
    .getByRole('list', { name: `Albums of ${HARBOUR.albumArtist}` })
    .getByRole('link', { name: `${HARBOUR.album}, ${HARBOUR.albumArtist} · ${HARBOUR.year}` })
    .waitFor();
  await page.waitForTimeout(300);
  await shot('artist');
  await page.goto('/artists');
  await page
    .getByRole('list', { name: 'Artists' })
    .getByRole('link', { name: new RegExp(FERRY.albumArtist) })
    .click();
  await page.getByRole('heading', { level: 1, name: FERRY.albumArtist }).waitFor();
});

test('album cards are named by the text they show (axe label-content-name-mismatch): Albums, the Artist page, Albums at 360 px', async () => {
  const rule = ['label-content-name-mismatch'];
  const { artists } = await api<{ artists: { id: string; name: string }[] }>('/artists?limit=50');
  const quartet = artists.find((a) => a.name === HARBOUR.albumArtist)!;
  await page.goto('/albums?sort=name');
  await page.getByRole('list', { name: 'Albums' }).getByRole('link').first().waitFor();
  assert.deepEqual(await ruleViolations(page, rule), [], 'Albums');
  await page.goto(`/artists/${quartet.id}`);
  await page
    .getByRole('list', { name: `Albums of ${HARBOUR.albumArtist}` })
    .getByRole('link')
    .first()
    .waitFor();
  assert.deepEqual(await ruleViolations(page, rule), [], 'the Artist page');
  await page.setViewportSize({ width: 360, height: 740 });
  try {
    await page.goto('/albums?sort=name');
    await page.getByRole('list', { name: 'Albums' }).getByRole('link').first().waitFor();
    assert.deepEqual(await ruleViolations(page, rule), [], 'Albums at 360 px');
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
});

test('genres open Albums filtered by the genre', async () => {
  await page.goto('/genres');
  await page.getByRole('link', { name: new RegExp(`^${FERRY.genre}`) }).click();
  await page.waitForURL(`**/albums?genre=${FERRY.genre}`);
  const grid = page.getByRole('list', { name: 'Albums' });
  await grid.getByRole('link', { name: `${FERRY.album}, ${FERRY.albumArtist} · ${FERRY.year}` }).waitFor();
  assert.equal(await grid.getByRole('link').count(), 1);
});

test('[artwork] home and the player bar show the playing track with its cover', async () => {
  await page.goto('/');
  await page.getByTestId('player-title').getByText('Low Tide').waitFor();
  await page.mouse.move(700, 400);
  await page.mouse.wheel(0, 460);
  await page.waitForTimeout(500);
  // home.png is the demo library's (e2e/home.e2e.ts); this one shows a scanned library's covers
  await shot('home-artwork');
  assert.ok((await loadedArtwork('body')) > 0, 'home and the player bar draw loaded covers');
});
