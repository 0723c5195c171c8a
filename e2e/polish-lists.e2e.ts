/**
 * Issue 13, lists and pages: playlists reorder and undo (4), the Music Box shows my suggestion and
 * live votes (5), Settings asks before leaving, keeps privacy on the server and follows the system
 * theme (6), the top search and the card menu follow their keyboard patterns (12), and generated
 * covers (14). Written before the fixes, each failed on the app as it was before issue 13.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { BASE_URL, createListener, launchBrowser, newContext, signInByApi } from './support/browser';
import {
  adminPage,
  bearer,
  createPlaylistByApi,
  eventually,
  expectVisible,
  freshListener,
  librarySongs,
  pathname,
  playlistOrderByApi,
  resetRadio,
  startRadioWith,
  waitForAudio,
} from './support/polish';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

const stamp = () => Date.now().toString(36);
const rowTitles = (page: Page) => page.getByRole('list', { name: 'Playlist songs' }).getByTestId('song-title').allTextContents();

// ---- 4. playlists: reorder, saved on the server, kept where the playlist plays; undo a removal

test("a playlist's songs move up and down with labelled buttons, saved on the server and played in that order", async () => {
  const { page, token, close } = await freshListener(browser, 'reorder');
  const [a, b, c] = await librarySongs(page, token, 3);
  const id = await createPlaylistByApi(page, token, `Reorder ${stamp()}`, [a.id, b.id, c.id]);
  await page.goto(`/playlists/${id}`);
  await eventually(
    () => rowTitles(page),
    (t) => t.length === 3,
    'the playlist lists its three songs',
  );
  assert.deepEqual(await rowTitles(page), [a.title, b.title, c.title]);

  const down = page.getByRole('button', { name: `Move ${a.title} down`, exact: true });
  await expectVisible(down, `each row has a "Move ${a.title} down" button`);
  await down.click();
  await eventually(
    () => rowTitles(page),
    (t) => t.join('|') === [b.title, a.title, c.title].join('|'),
    `${a.title} moves below ${b.title}`,
  );
  await page.getByRole('button', { name: `Move ${c.title} up`, exact: true }).click();
  const expected = [b, c, a];
  await eventually(
    () => rowTitles(page),
    (t) => t.join('|') === expected.map((s) => s.title).join('|'),
    `${c.title} moves above ${a.title}`,
  );
  // saved on the server, and kept after a reload
  await eventually(
    () => playlistOrderByApi(page, token, id),
    (ids) => ids.join() === expected.map((s) => s.id).join(),
    'the server keeps the new order',
  );
  await page.reload();
  await eventually(
    () => rowTitles(page),
    (t) => t.join('|') === expected.map((s) => s.title).join('|'),
    'the new order survives a reload',
  );
  // the first of each end cannot move further
  const firstUp = page.getByRole('button', { name: `Move ${b.title} up`, exact: true });
  assert.ok((await firstUp.count()) === 0 || (await firstUp.isDisabled()), 'the first song cannot move up');

  // Play all plays in the new order
  await page.getByRole('button', { name: 'Play all' }).click();
  await eventually(
    () => page.getByTestId('player-title').textContent(),
    (t) => t === expected[0].title,
    `Play all starts with ${expected[0].title}`,
  );
  await page
    .getByRole('contentinfo', { name: 'Player' })
    .or(page.locator('footer[aria-label="Player"]'))
    .getByRole('button', { name: 'Next', exact: true })
    .click();
  await eventually(
    () => page.getByTestId('player-title').textContent(),
    (t) => t === expected[1].title,
    `Next plays ${expected[1].title}`,
  );
  await close();
});

test("a playlist's songs reorder by drag and drop with a handle", async () => {
  const { page, token, close } = await freshListener(browser, 'dragger');
  const [a, b, c] = await librarySongs(page, token, 3);
  const id = await createPlaylistByApi(page, token, `Drag ${stamp()}`, [a.id, b.id, c.id]);
  await page.goto(`/playlists/${id}`);
  await eventually(
    () => rowTitles(page),
    (t) => t.length === 3,
    'the playlist lists its three songs',
  );
  const rows = page.getByRole('list', { name: 'Playlist songs' }).getByTestId('song-row');

  const handle = rows.nth(2).getByRole('button', { name: new RegExp(`^(Drag|Reorder) ${c.title}`) });
  await expectVisible(handle, `the row of ${c.title} has a drag handle (a button named "Drag ${c.title}" or "Reorder ${c.title}...")`);
  const from = (await handle.first().boundingBox())!;
  const to = (await rows.nth(0).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(from.x + from.width / 2, from.y + (to.y + 4 - from.y) * (i / 10));
  await page.mouse.up();

  const expected = [c, a, b];
  await eventually(
    () => rowTitles(page),
    (t) => t.join('|') === expected.map((s) => s.title).join('|'),
    `${c.title} dragged to the top`,
  );
  await eventually(
    () => playlistOrderByApi(page, token, id),
    (ids) => ids.join() === expected.map((s) => s.id).join(),
    'the server keeps the dragged order',
  );
  await close();
});

test('removing a song from a playlist offers Undo, which brings it back in its place', async () => {
  const { page, token, close } = await freshListener(browser, 'undoer');
  const [a, b, c] = await librarySongs(page, token, 3);
  const id = await createPlaylistByApi(page, token, `Undo ${stamp()}`, [a.id, b.id, c.id]);
  await page.goto(`/playlists/${id}`);
  await eventually(
    () => rowTitles(page),
    (t) => t.length === 3,
    'the playlist lists its three songs',
  );

  await page.getByRole('button', { name: `Remove ${b.title} from playlist` }).click();
  await page
    .getByTestId('playlist-meta')
    .getByText(/^2 tracks · /)
    .waitFor();
  const undo = page.getByRole('button', { name: 'Undo' });
  await expectVisible(undo, `removing ${b.title} offers Undo`);
  await undo.first().click();
  await eventually(
    () => rowTitles(page),
    (t) => t.join('|') === [a.title, b.title, c.title].join('|'),
    `Undo puts ${b.title} back in its place`,
  );
  await eventually(
    () => playlistOrderByApi(page, token, id),
    (ids) => ids.join() === [a.id, b.id, c.id].join(),
    'the server has the song back, in its place',
  );
  await close();
});

// ---- 5. Music Box: my new suggestion first and highlighted; others' votes live

const suggestionItem = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'Suggestions' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${title}`) }) });

async function suggestByApi(page: Page, token: string, title: string, artist = 'Polish'): Promise<string> {
  const res = await page.request.post(`${BASE_URL}/api/musicbox/suggestions`, { headers: bearer(token), data: { title, artist } });
  assert.equal(res.status(), 201, await res.text());
  return ((await res.json()) as { suggestion: { id: string } }).suggestion.id;
}

test('my new suggestion shows at the top of my list, highlighted, until I reload', async () => {
  const admin = await adminPage(browser);
  // a popular suggestion is ahead of any new one in the default (popular) order
  const popular = await suggestByApi(admin.page, admin.token, `Crowd favourite ${stamp()}`);
  await admin.page.request.post(`${BASE_URL}/api/musicbox/suggestions/${popular}/toggle-vote`, { headers: bearer(admin.token) });

  const { page, close } = await freshListener(browser, 'suggester', '/music-box');
  const title = `Fresh idea ${stamp()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Artist').fill('The Newcomers');
  await page.getByRole('button', { name: 'Suggest' }).click();
  await page.getByText('Thanks! Your suggestion was added.').waitFor();

  const first = page.getByRole('list', { name: 'Suggestions' }).getByRole('listitem').first();
  await eventually(
    async () => (await first.getByRole('heading').textContent()) ?? '',
    (t) => t.startsWith(title),
    'my new suggestion is the first item of the list',
  );
  assert.equal(await first.getAttribute('data-highlighted'), 'true', 'my new suggestion is highlighted');
  await page.waitForTimeout(3_000);
  assert.equal(await suggestionItem(page, title).getAttribute('data-highlighted'), 'true', 'it stays highlighted (until a reload), not for 2 s only');

  await page.reload();
  await page.getByRole('list', { name: 'Suggestions' }).waitFor();
  assert.equal(await page.locator('[data-highlighted="true"]').count(), 0, 'after a reload nothing is highlighted');
  await Promise.all([close(), admin.close()]);
});

test("others' votes update the count on my page without a reload", async () => {
  const { page, token, close } = await freshListener(browser, 'watcher');
  const title = `Live count ${stamp()}`;
  const id = await suggestByApi(page, token, title);
  await page.goto('/music-box');
  await page.getByLabel('Sort by').selectOption('newest');
  const vote = suggestionItem(page, title).getByRole('button', { name: new RegExp(`^Vote for ${title}, `) });
  await eventually(
    () => vote.getAttribute('aria-label'),
    (l) => l === `Vote for ${title}, 0 votes`,
    'my suggestion shows 0 votes',
  );

  const other = await freshListener(browser, 'voter');
  const res = await other.page.request.post(`${BASE_URL}/api/musicbox/suggestions/${id}/toggle-vote`, { headers: bearer(other.token) });
  assert.equal(res.status(), 200, await res.text());
  await eventually(
    () => vote.getAttribute('aria-label'),
    (l) => l === `Vote for ${title}, 1 vote`,
    "another listener's vote shows on my page without a reload",
    6_000,
    250,
  );
  await Promise.all([close(), other.close()]);
});

// ---- 6. Settings: unsaved changes, privacy on the server, theme follows the system

test('leaving Settings with unsaved changes asks first', async () => {
  const { page, close } = await freshListener(browser, 'leaver', '/settings');
  const nativeDialogs: string[] = [];
  page.on('dialog', (d) => {
    nativeDialogs.push(d.message());
    void d.dismiss();
  });
  await page.getByRole('checkbox', { name: 'Push notifications' }).check();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await page.waitForTimeout(500);
  const asked = (await page.getByRole('dialog').or(page.getByRole('alertdialog')).count()) > 0 || nativeDialogs.length > 0;
  assert.ok(asked && pathname(page) === '/settings', `leaving Settings with an unsaved change asks first; went to ${pathname(page)} without asking`);
  await close();
});

const RECORD = { name: /Record my listening history/ };

test('turning off "Record my listening history" on one device turns it off on another', async () => {
  const first = await freshListener(browser, 'private', '/settings');
  await first.page.getByRole('checkbox', RECORD).uncheck();
  await first.page.getByRole('button', { name: 'Save', exact: true }).click();
  await first.page.getByText('Settings saved').waitFor();

  // another device: a new browser context, the same account
  const context = await newContext(browser);
  const page = await context.newPage();
  await signInByApi(page, first.email, first.password);
  await page.goto('/settings');
  const record = page.getByRole('checkbox', RECORD);
  await record.waitFor();
  await eventually(
    () => record.isChecked(),
    (checked) => !checked,
    'the other device shows "Record my listening history" off',
    3_000,
  );
  await Promise.all([first.close(), context.close()]);
});

const BACKGROUND = { light: 'rgb(246, 247, 251)', dark: 'rgb(15, 17, 23)' };
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('the theme follows the system setting until one is chosen', async () => {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
  const page = await context.newPage();
  const user = await createListener(page, 'system');
  await signInByApi(page, user.email, user.password);
  await page.goto('/settings');
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  assert.equal(await background(page), BACKGROUND.dark, 'a dark system starts dark');

  // the system switches while the app is open
  await page.emulateMedia({ colorScheme: 'light' });
  await eventually(
    () => background(page),
    (bg) => bg === BACKGROUND.light,
    'the app turns light when the system does',
    3_000,
  );
  // saving other settings is not choosing a theme
  await page.getByRole('checkbox', { name: 'Push notifications' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Settings saved').waitFor();
  await page.emulateMedia({ colorScheme: 'dark' });
  await eventually(
    () => background(page),
    (bg) => bg === BACKGROUND.dark,
    'after saving other settings the app still follows the system (dark again)',
    3_000,
  );

  // once a theme is chosen, it stays whatever the system says
  await page.getByRole('radio', { name: 'Light' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await eventually(
    () => background(page),
    (bg) => bg === BACKGROUND.light,
    'the chosen light theme applies',
  );
  await page.reload();
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  assert.equal(await background(page), BACKGROUND.light, 'the chosen theme stays on a dark system');
  await context.close();
});

// ---- 12. keyboard patterns: the top search combobox, the playlist card menu

test('the top search is a combobox: arrows move through the results, Enter plays, Escape closes', async () => {
  const { page, close } = await freshListener(browser, 'combo');
  await page.getByLabel('Search songs').fill('the');
  await page.getByRole('search').getByTestId('song-result').first().waitFor();

  const box = page.getByRole('combobox', { name: 'Search songs' });
  assert.equal(await box.count(), 1, 'the top search is a combobox named "Search songs"');
  assert.equal(await box.getAttribute('aria-expanded'), 'true');
  const listbox = page.getByRole('listbox');
  await expectVisible(listbox, 'the results are a listbox');
  const options = listbox.getByRole('option');
  assert.ok((await options.count()) >= 2, 'the results are options');

  const active = async () => {
    const id = await box.getAttribute('aria-activedescendant');
    if (!id) return { id, text: null, selected: null };
    const el = page.locator(`[id="${id}"]`);
    return { id, text: ((await el.textContent()) ?? '').trim(), selected: await el.getAttribute('aria-selected') };
  };
  const optionText = async (i: number) => ((await options.nth(i).textContent()) ?? '').trim();

  await box.press('ArrowDown');
  await eventually(active, (a) => a.selected === 'true', 'ArrowDown makes the first option active (aria-activedescendant, aria-selected)');
  assert.equal((await active()).text, await optionText(0));
  await box.press('ArrowDown');
  assert.equal((await active()).text, await optionText(1), 'ArrowDown moves to the second option');
  await box.press('ArrowUp');
  assert.equal((await active()).text, await optionText(0), 'ArrowUp moves back to the first option');
  assert.ok(await box.evaluate((el) => el === document.activeElement), 'focus stays in the search box');

  const firstOption = await optionText(0);
  await box.press('Enter');
  await eventually(
    () => page.getByTestId('player-title').textContent(),
    (t) => !!t && firstOption.startsWith(t),
    `Enter plays the active option ("${firstOption}")`,
  );
  await waitForAudio(page, 'the chosen song sounds', (a) => !a.paused && a.currentTime > 0.2);

  await box.press('Escape');
  await eventually(
    () => box.getAttribute('aria-expanded'),
    (v) => v === 'false',
    'Escape closes the results',
  );
  assert.equal(await listbox.count(), 0, 'the listbox is gone');
  await close();
});

test('the playlist card menu moves with arrow keys and Escape returns focus to its button', async () => {
  const { page, token, close } = await freshListener(browser, 'menu');
  const name = `Menu ${stamp()}`;
  await createPlaylistByApi(page, token, name);
  await page.goto('/playlists');
  const button = page.getByRole('button', { name: `More options for ${name}` });
  await button.click();
  const menu = page.getByRole('menu', { name: `${name} options` });
  await menu.waitFor();
  const focused = () =>
    page.evaluate(() =>
      document.activeElement?.getAttribute('role') === 'menuitem'
        ? document.activeElement.textContent
        : `not a menuitem: ${document.activeElement?.outerHTML.slice(0, 80)}`,
    );
  assert.equal(await focused(), 'View', 'the first menuitem has focus when the menu opens');

  const steps: [string, string][] = [
    ['ArrowDown', 'Edit'],
    ['ArrowDown', 'Delete'],
    ['ArrowDown', 'View'],
    ['ArrowUp', 'Delete'],
    ['Home', 'View'],
    ['End', 'Delete'],
  ];
  for (const [key, expected] of steps) {
    const before = await focused();
    await page.keyboard.press(key);
    assert.equal(await focused(), expected, `${key} from ${before} focuses ${expected}`);
  }

  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  assert.ok(await button.evaluate((el) => el === document.activeElement), 'Escape returns focus to the menu button');
  await close();
});

// ---- 14. generated covers

const cover = (scope: Locator) => scope.getByTestId('generated-cover');
/**
 * A song's cover: since issue 14 the demo songs have artwork from the server (an img), and a song
 * without any still gets the generated one.
 */
const songCover = (scope: Locator) => scope.locator('[data-testid="generated-cover"], img[data-testid="artwork"]');
/** A cover's identity: the artwork's URL without its size, or a generated cover's name and drawing (the same art whatever the size). */
const coverOf = async (scope: Locator) => {
  const el = songCover(scope).first();
  const src = await el.getAttribute('src');
  if (src) return { artwork: src.replace(/\?.*$/, '') };
  return { name: await el.getAttribute('data-cover-name'), art: await el.evaluate((node) => node.innerHTML) };
};

test('a song shows the same cover in its search row and in the player bar', async () => {
  const { page, close } = await freshListener(browser, 'covers', '/search');
  await page.getByLabel('Title or artist').fill('low orbit');
  const row = page.getByRole('list', { name: 'Songs' }).getByTestId('song-result').filter({ hasText: 'Low Orbit Lullaby' });
  await row.waitFor();
  await expectVisible(songCover(row), 'the search row of Low Orbit Lullaby shows a cover');
  const inRow = await coverOf(row);
  const first = songCover(row).first();
  assert.ok((await first.getAttribute('aria-hidden')) || (await first.getAttribute('alt')) === '', 'the cover is decorative');

  await row.getByRole('button', { name: 'Play Low Orbit Lullaby', exact: true }).click();
  const bar = page.locator('footer[aria-label="Player"]');
  await bar.getByTestId('player-title').filter({ hasText: 'Low Orbit Lullaby' }).waitFor();
  await expectVisible(songCover(bar), 'the player bar shows the cover of what plays');
  assert.deepEqual(await coverOf(bar), inRow, 'the player bar shows the same cover as the row');
  await close();
});

test('playlist cards without a picture show a generated cover, on Playlists and on Home', async () => {
  const { page, token, close } = await freshListener(browser, 'cards');
  const name = `Covered ${stamp()}`;
  await createPlaylistByApi(page, token, name);
  await page.goto('/playlists');
  const card = page.getByRole('article', { name });
  await card.waitFor();
  await expectVisible(cover(card), 'a playlist card without a picture shows a generated cover');
  const onPlaylists = await coverOf(card);
  await page.goto('/');
  const homeCard = page.getByRole('article', { name });
  await homeCard.waitFor();
  await expectVisible(cover(homeCard), 'Home shows the playlist card with its generated cover');
  assert.deepEqual(await coverOf(homeCard), onPlaylists, 'the same cover on Home and on Playlists');
  await close();
});

test('Music Box items show a generated cover', async () => {
  const { page, token, close } = await freshListener(browser, 'boxcover');
  const title = `Cover me ${stamp()}`;
  await suggestByApi(page, token, title, 'The Drawn');
  await page.goto('/music-box');
  await page.getByLabel('Sort by').selectOption('newest');
  const item = suggestionItem(page, title);
  await item.waitFor();
  await expectVisible(cover(item), 'a Music Box item shows a generated cover');
  await close();
});

test('the radio card shows the same cover as the player bar', async () => {
  const admin = await adminPage(browser);
  const listener = await freshListener(browser, 'radiocover');
  try {
    await resetRadio(admin.page, admin.token);
    const song = (await librarySongs(admin.page, admin.token)).find((s) => s.title === 'Paper Lanterns in July')!;
    await startRadioWith(admin.page, admin.token, song.id);
    const page = listener.page;
    await page.goto('/radio');
    const card = page.getByRole('region', { name: 'Now playing' });
    await card.getByText(song.title).waitFor();
    await expectVisible(songCover(card), 'the radio card shows the cover of the song on air');
    const onCard = await coverOf(card);
    const bar = page.locator('footer[aria-label="Player"]');
    // on the radio: today it plays by itself; after the fix a listener may tune in first
    const join = page.getByRole('button', { name: /^(Tune in|Listen live)$/ });
    await eventually(
      async () => {
        if (
          (await bar
            .getByTestId('player-title')
            .textContent()
            .catch(() => null)) === song.title
        )
          return true;
        if (await join.first().isVisible()) await join.first().click();
        return false;
      },
      (on) => on,
      `the listener on /radio plays ${song.title}`,
      10_000,
      250,
    );
    await expectVisible(songCover(bar), 'the player bar shows the cover of the radio song');
    assert.deepEqual(await coverOf(bar), onCard, 'the same cover on the radio card and in the player bar');
  } finally {
    await resetRadio(admin.page, admin.token);
    await listener.close();
    await admin.close();
  }
});
