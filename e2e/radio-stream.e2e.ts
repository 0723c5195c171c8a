import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { librarySongs, resetRadio, startRadioWith } from './support/appApi';
import { BASE_URL, launchBrowser, newContext, screenshot } from './support/browser';
import { adminPage, bearer } from './support/signedIn';
import { eventually } from './support/waits';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

interface PlainAudio {
  currentTime: number;
  paused: boolean;
  error: number | null;
  errorEvents: number;
}

/** The bare audio element of a page that is nothing but a player. */
const plainAudio = (page: Page): Promise<PlainAudio> =>
  page.evaluate(() => {
    const el = document.querySelector('audio')!;
    const errors = Number(el.dataset.errors ?? 0);
    return { currentTime: el.currentTime, paused: el.paused, error: el.error?.code ?? null, errorEvents: errors };
  });

/**
 * Plays `link` in a page that is nothing but an <audio> element and waits until it is past 1.5 s
 * and still going, with no error; answers how long the first part took (ms).
 */
async function playsInBareAudio(page: Page, link: string, timeout: number): Promise<number> {
  const asked = Date.now();
  await page.setContent(`<audio src="${link}" autoplay muted></audio>`);
  await page.evaluate(() => {
    const el = document.querySelector('audio')!;
    el.addEventListener('error', () => (el.dataset.errors = String(Number(el.dataset.errors ?? 0) + 1)));
  });
  const heard = await eventually(
    () => plainAudio(page),
    (a) => a.currentTime > 1.5 || a.error !== null,
    'the stream plays past 1.5 s in a bare audio element',
    timeout,
    50,
  );
  const took = Date.now() - asked;
  assert.equal(heard.error, null, 'the audio element reports no error');
  assert.equal(heard.errorEvents, 0, 'no error event');
  assert.ok(!heard.paused, 'it plays');
  const later = await eventually(
    () => plainAudio(page),
    (a) => a.currentTime > heard.currentTime + 1,
    'the stream keeps playing',
    5_000,
  );
  assert.equal(later.error, null, 'still no error');
  return took;
}

/** The status of a stream request, read from its headers alone: a live stream's body never ends. */
async function streamStatus(url: string): Promise<number> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 5_000);
  try {
    const res = await fetch(url, { signal: controller.signal });
    return res.status;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

test('Settings › Radio: the listen link plays in a bare audio element without a session, the admin sees who listens, a new link stops the old one', async (t) => {
  const admin = await adminPage(browser);
  const { page, token } = admin;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  const me = (await (await page.request.get(`${BASE_URL}/api/auth/me`, { headers: bearer(token) })).json()) as { user: { username: string } };

  // the station on air with two demo songs
  await resetRadio(page, token);
  const [first, second] = await librarySongs(page, token, 2);
  const queued = await page.request.post(`${BASE_URL}/api/radio/queue`, { headers: bearer(token), data: { songId: second.id } });
  assert.equal(queued.status(), 200, await queued.text());
  await startRadioWith(page, token, first.id);

  // Settings › Radio shows the admin's own listen link; Copy puts it on the clipboard
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Radio' });
  const field = section.getByLabel('Listen link');
  await field.waitFor();
  const link = await field.inputValue();
  assert.match(link, /\/api\/radio\/live\?listen=[\w-]+$/, 'the field holds a listen link');
  await section.getByText('No one is listening to the stream.').waitFor();
  assert.equal(await section.getByRole('checkbox', { name: /Public stream/ }).isChecked(), false, 'the stream needs a link (not public)');
  await section.getByRole('button', { name: 'Copy', exact: true }).click();
  await section.getByRole('status').filter({ hasText: 'Copied.' }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link, 'the clipboard holds the link');

  // the link alone plays: a bare audio element in a context with no session or cookie of the app. The
  // first listener starts the encoder and gets a short burst, so chromium buffers longer before it
  // plays; a second one joins a running stream and gets the full burst of the last seconds.
  const playerContext = await newContext(browser);
  const cold = await playsInBareAudio(await playerContext.newPage(), link, 20_000);
  t.diagnostic(`listen link, encoder starting: currentTime > 1.5 s after ${cold} ms`);
  const warm = await playsInBareAudio(await playerContext.newPage(), link, 10_000);
  t.diagnostic(`listen link, stream running: currentTime > 1.5 s after ${warm} ms`);

  // the admin sees itself among the stream's listeners (the list reads again each time Settings opens)
  const listeners = section.getByRole('list', { name: 'Listening to the stream' });
  await eventually(
    async () => {
      await page.reload();
      await listeners.waitFor({ timeout: 5_000 });
      return listeners.getByRole('listitem').allTextContents();
    },
    (rows) => rows.some((row) => row.startsWith(me.user.username) && /Chrome/.test(row)),
    `the listeners list shows ${me.user.username} with the browser as the player`,
    15_000,
  );

  await page.setViewportSize({ width: 1280, height: 1400 });
  await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await screenshot(page, 'settings-radio');

  // on a 360 px phone nothing sticks out sideways
  await page.setViewportSize({ width: 360, height: 800 });
  await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px at 360 px`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await playerContext.close();

  // New link asks first, then shows a different link; the old one no longer plays
  await section.getByRole('button', { name: 'New link' }).click();
  await page.getByRole('dialog', { name: 'Make a new listen link?' }).getByRole('button', { name: 'Make new link' }).click();
  const renewed = await eventually(
    () => field.inputValue(),
    (value) => value !== link,
    'the field shows a new link',
    5_000,
  );
  assert.match(renewed, /\/api\/radio\/live\?listen=[\w-]+$/);
  assert.equal(await streamStatus(link), 401, 'the old link is refused');
  assert.equal(await streamStatus(renewed), 200, 'the new link plays');

  await resetRadio(page, token);
  await admin.close();
});
