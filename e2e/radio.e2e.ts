import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, E2E_ADMIN, createListener, launchBrowser, newContext, screenshot, signInByApi } from './support/browser';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

/** The audio element's position, stamped with the wall clock (both browsers share the machine's clock). */
const audioAt = (page: Page) =>
  page.evaluate(() => {
    const el = document.getElementById('wavelength-audio') as HTMLAudioElement;
    return { currentTime: el.currentTime, paused: el.paused, src: el.currentSrc, at: Date.now() };
  });

async function waitForAudio(page: Page, check: (el: HTMLAudioElement) => boolean, timeout = 15_000) {
  await page.waitForFunction(`(() => { const el = document.getElementById('wavelength-audio'); return !!el && (${check.toString()})(el); })()`, undefined, {
    timeout,
  });
}

interface Snapshot {
  isRadioActive: boolean;
  queue: { id: string }[];
  currentTrack: { id: string } | null;
}

/** The radio off and empty, whatever an earlier run left (the e2e server is shared by every file). */
async function resetRadio(page: Page, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const state = (await (await page.request.get(`${BASE_URL}/api/radio/queue`, { headers })).json()) as Snapshot;
  if (state.isRadioActive) await page.request.post(`${BASE_URL}/api/radio/toggle`, { headers });
  for (const item of [...state.queue, ...(state.currentTrack ? [state.currentTrack] : [])]) {
    await page.request.delete(`${BASE_URL}/api/radio/queue/${item.id}`, { headers });
  }
}

async function addThroughPicker(page: Page, search: string, title: string) {
  const dialog = page.getByRole('dialog', { name: 'Add to the queue' });
  await dialog.getByLabel('Search songs').fill(search);
  await dialog.getByRole('button', { name: `Add ${title} to the queue` }).click();
  await page.getByRole('list', { name: 'Queue' }).getByText(title).waitFor();
}

test('an admin runs the radio; a listener who joins 10 s later hears the same second; skip and stop reach both', async (t) => {
  const adminContext = await newContext(browser);
  const admin = await adminContext.newPage();
  const adminToken = await signInByApi(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await resetRadio(admin, adminToken);

  await admin.goto('/radio');
  await admin.getByRole('status', { name: 'Connection' }).filter({ hasText: 'Connected' }).waitFor();
  await admin.getByText('No tracks in the queue...').waitFor();

  // the admin queues two tracks with the song picker, then starts the station
  await admin.getByRole('button', { name: 'Add tracks' }).click();
  await addThroughPicker(admin, 'low orbit', 'Low Orbit Lullaby');
  await addThroughPicker(admin, 'paper lanterns', 'Paper Lanterns in July');
  await admin.getByRole('button', { name: 'Done' }).click();
  await admin.getByRole('button', { name: 'Start radio' }).click();
  await admin.getByRole('region', { name: 'Now playing' }).getByText('Low Orbit Lullaby').waitFor();
  await waitForAudio(admin, (el) => !el.paused && el.currentTime > 0.3);
  assert.equal(await admin.getByTestId('player-title').textContent(), 'Low Orbit Lullaby');
  const queue = admin.getByRole('list', { name: 'Queue' });
  assert.match((await queue.textContent()) ?? '', /Paper Lanterns in July.*added by/);

  // ten seconds later a listener tunes in
  await admin.waitForTimeout(10_000);
  const listenerContext = await newContext(browser);
  const listener = await listenerContext.newPage();
  const user = await createListener(listener, 'radio');
  await signInByApi(listener, user.email, user.password);
  await listener.goto('/radio');
  await waitForAudio(listener, (el) => !el.paused && el.currentTime > 8);

  // both at the same second of the same song: compare at one instant (positions advanced to it)
  await listener.waitForTimeout(1_000);
  const [a, l] = await Promise.all([audioAt(admin), audioAt(listener)]);
  const adminNow = a.currentTime + (l.at - a.at) / 1000;
  const gap = Math.abs(l.currentTime - adminNow);
  t.diagnostic(`late joiner: ${(l.currentTime - adminNow).toFixed(3)} s from the admin at ${adminNow.toFixed(2)} s into the track`);
  assert.ok(!a.paused && !l.paused, 'both play');
  assert.ok(gap < 1.5, `the listener plays within 1.5 s of the admin (admin ${adminNow.toFixed(2)} s, listener ${l.currentTime.toFixed(2)} s)`);
  assert.equal(new URL(a.src).pathname, new URL(l.src).pathname);
  assert.equal(await listener.getByTestId('player-title').textContent(), 'Low Orbit Lullaby');

  // the listener count shows both; the listener has no admin controls
  await admin.getByLabel('Listeners').filter({ hasText: '2 listeners' }).waitFor();
  await listener.getByLabel('Listeners').filter({ hasText: '2 listeners' }).waitFor();
  assert.equal(await listener.getByRole('button', { name: 'Stop radio' }).count(), 0);
  assert.ok(await listener.getByRole('button', { name: 'Skip' }).isDisabled(), 'a listener cannot skip in the player bar');
  await screenshot(listener, 'radio');

  // a skip changes the track for both
  await admin.getByRole('main').getByRole('button', { name: 'Skip' }).click();
  for (const page of [admin, listener]) {
    await page.getByTestId('player-title').filter({ hasText: 'Paper Lanterns in July' }).waitFor();
    await waitForAudio(page, (el) => !el.paused && el.currentTime > 0.2 && el.currentTime < 10);
  }
  await listener.getByText('No tracks in the queue...').waitFor();

  // stopping pauses both
  await admin.getByRole('button', { name: 'Stop radio' }).click();
  for (const page of [admin, listener]) {
    await waitForAudio(page, (el) => el.paused);
    await page.getByText('Off air').first().waitFor();
  }

  await resetRadio(admin, adminToken);
  await listenerContext.close();
  await adminContext.close();
});
