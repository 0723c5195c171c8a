/**
 * The lyrics view (docs/product.md §2.15): a demo song's synced lyrics follow the audio, and a click on
 * a line seeks there.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { librarySongs, resetRadio, startRadioWith } from './support/appApi';
import { seriousA11yViolations } from './support/axe';
import { waitForAudio } from './support/audioElement';
import { BASE_URL, E2E_ADMIN, launchBrowser, newContext, screenshot, signInByApi } from './support/browser';
import { adminPage, bearer, freshListener } from './support/signedIn';
import { eventually } from './support/waits';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

const TITLE = 'Low Orbit Lullaby';

const currentLine = (page: Page) =>
  page.evaluate(() => {
    const lines = [...document.querySelectorAll('[data-testid="lyrics-lines"] li')];
    const index = lines.findIndex((li) => li.querySelector('[aria-current="true"]'));
    return { index, text: index < 0 ? '' : (lines[index].textContent ?? '') };
  });

const seekBarSeconds = async (page: Page) => Number(await page.getByRole('slider', { name: 'Seek' }).inputValue());

test('a synced song: the current line follows the audio, and a click on a line seeks there', { timeout: 90_000 }, async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  const token = await signInByApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const song = (await librarySongs(page, token)).find((s) => s.title === TITLE);
  assert.ok(song, `the demo library has ${TITLE}`);
  const res = await page.request.get(`${BASE_URL}/api/songs/${song.id}/lyrics`, { headers: bearer(token) });
  assert.equal(res.status(), 200, await res.text());
  const [set] = ((await res.json()) as { lyrics: { synced: boolean; offsetMs: number; lines: { startMs?: number; text: string }[] }[] }).lyrics;
  assert.ok(set?.synced, 'the demo song has synced lyrics');

  await page.goto('/search');
  await page.getByLabel('Title or artist').fill('low orbit');
  await page.getByRole('button', { name: `Play ${TITLE}` }).click();
  await waitForAudio(page, 'the song plays', (a) => !a.paused && a.currentTime > 0.3);

  const toggle = page.getByRole('button', { name: 'Lyrics', exact: true });
  assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
  const lines = page.getByTestId('lyrics-lines');
  await lines.waitFor();
  assert.equal(await lines.locator('li').count(), set.lines.length, 'every line of the set is shown');
  assert.deepEqual(await seriousA11yViolations(page), [], 'axe finds no serious or critical violation with the lyrics open');

  // following: the highlighted line is the one whose time the audio has passed, and it moves on with the audio
  const first = await eventually(
    () => currentLine(page),
    (c) => c.index >= 0,
    'a line is highlighted while the song plays',
    10_000,
  );
  const moved = await eventually(
    () => currentLine(page),
    (c) => c.index > first.index,
    `the highlight moves on from line ${first.index} ("${first.text}") as the audio plays`,
    10_000,
  );
  const at = await seekBarSeconds(page);
  const shownAt = (i: number) => ((set.lines[i].startMs ?? 0) - set.offsetMs) / 1000;
  assert.ok(shownAt(moved.index) <= at + 0.5, `line ${moved.index} shows at ${shownAt(moved.index)} s, the player is at ${at} s`);
  console.log(`# lyrics: line ${first.index} -> ${moved.index} highlighted with the player at ${at.toFixed(2)} s`);

  // seeking: a click on a later line moves the audio there, and that line becomes the current one
  const target = Math.min(set.lines.length - 1, moved.index + 8);
  await lines.getByRole('button').nth(target).click();
  const seconds = shownAt(target);
  await waitForAudio(page, `the audio jumps to line ${target} at ${seconds} s`, (a) => a.currentTime >= seconds - 0.1 && a.currentTime < seconds + 3);
  await eventually(
    () => currentLine(page),
    (c) => c.index === target,
    `line ${target} is highlighted after the click`,
    5_000,
  );
  const before = (await waitForAudio(page, 'playing', (a) => !a.paused)).currentTime;
  await waitForAudio(page, 'the audio goes on after the seek', (a) => a.currentTime > before + 0.5);
  await screenshot(page, 'lyrics');

  // a phone in the dark: nothing scrolls sideways and the current line fits the screen
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 360, height: 740 });
  await eventually(
    () => page.evaluate(() => document.documentElement.scrollWidth),
    (width) => width <= 360,
    'no sideways scroll at 360 px',
  );
  // the sidebar slides away behind its menu button (0.2 s), hidden once it is gone
  await page.getByRole('navigation', { name: 'Main', includeHidden: true }).waitFor({ state: 'hidden' });
  const box = await lines.locator('[aria-current="true"]').boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 360 && box.y >= 0 && box.y < 740, `the current line is on the phone's screen (${JSON.stringify(box)})`);
  await screenshot(page, 'lyrics-phone-dark');

  await page.keyboard.press('Escape');
  await lines.waitFor({ state: 'detached' });
  assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
  await context.close();
});

test("on the radio every listener sees the station's lyrics in step, and the lines follow without seeking", { timeout: 90_000 }, async () => {
  const admin = await adminPage(browser);
  const listener = await freshListener(browser, 'lyricsradio');
  try {
    const song = (await librarySongs(admin.page, admin.token)).find((s) => s.title === TITLE);
    assert.ok(song, `the demo library has ${TITLE}`);
    await resetRadio(admin.page, admin.token);
    await startRadioWith(admin.page, admin.token, song.id);

    const page = listener.page;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Radio', exact: true }).click();
    await page.getByTestId('player-title').filter({ hasText: TITLE }).waitFor();
    await waitForAudio(page, 'the station plays', (a) => !a.paused && a.currentTime > 0.3);
    await page.getByRole('button', { name: 'Lyrics', exact: true }).click();
    const lines = page.getByTestId('lyrics-lines');
    await lines.waitFor();
    const first = await eventually(
      () => currentLine(page),
      (c) => c.index >= 0,
      'a line of the station is highlighted',
      10_000,
    );
    await eventually(
      () => currentLine(page),
      (c) => c.index > first.index,
      `the highlight moves on from line ${first.index} with the station`,
      10_000,
    );
    assert.equal(await lines.getByRole('button').count(), 0, 'no line seeks the station');
  } finally {
    await resetRadio(admin.page, admin.token);
    await listener.close();
    await admin.close();
  }
});
