/**
 * Playlists: created, filled, played and deleted; their songs move up and down by labelled buttons
 * or drag and drop, saved on the server and played in that order; a removed song comes back with
 * Undo; the card menu follows the menu keyboard pattern.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { eventually, expectVisible } from './support/waits';
import { freshListener } from './support/signedIn';
import { createPlaylistByApi, librarySongs, playlistOrderByApi } from './support/appApi';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

test('create a playlist, add 3 songs, see the total, play all, remove one, delete it after the confirmation', async () => {
  const { page, token, close } = await freshListener(browser, 'curator');
  const songs = await librarySongs(page, token, 3);
  const name = `Road trip ${Date.now().toString(36)}`;

  await page.goto('/playlists');
  await page.getByText('No playlists yet').waitFor();
  await page.getByRole('button', { name: 'Create playlist' }).click();
  const create = page.getByRole('button', { name: 'Create', exact: true });
  assert.equal(await create.isDisabled(), true, 'Create is disabled while the name is blank');
  await page.getByLabel('Name').fill(`  ${name}  `);
  await create.click();
  const card = page.getByRole('article', { name });
  await card.waitFor();
  await card.getByText('0 tracks · 0 min').waitFor();
  await card.getByRole('link', { name }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();

  await page.getByRole('button', { name: 'Add songs' }).click();
  const picker = page.getByRole('dialog', { name: 'Add songs' });
  for (const song of songs) {
    await picker.getByLabel('Find songs to add').fill(song.title);
    await picker.getByRole('button', { name: `Add ${song.title}`, exact: true }).click();
    await picker.getByRole('button', { name: `${song.title} is in the playlist` }).waitFor();
  }
  await picker.getByRole('button', { name: 'Done' }).click();

  const seconds = Math.round(songs.reduce((sum, s) => sum + s.duration, 0));
  const minutes = Math.floor(seconds / 60);
  const total = minutes >= 60 ? `${Math.floor(minutes / 60)} hr ${minutes % 60} min` : `${minutes} min`;
  await page.getByTestId('playlist-meta').getByText(`3 tracks · ${total}`).waitFor();
  const rows = page.getByRole('list', { name: 'Playlist songs' }).getByTestId('song-row');
  assert.deepEqual(
    await rows.evaluateAll((els) => els.map((el) => el.querySelector('span')?.textContent ?? '')),
    songs.map((s) => s.title),
  );
  await screenshot(page, 'playlist');

  // play all: the first plays, the rest are queued (Next moves to the second)
  await page.getByRole('button', { name: 'Play all' }).click();
  const player = page.getByRole('region', { name: 'Player' }).or(page.locator('[aria-label="Player"]'));
  await player.getByTestId('player-title').getByText(songs[0].title, { exact: true }).waitFor();
  await player.getByRole('button', { name: 'Next' }).click();
  await player.getByTestId('player-title').getByText(songs[1].title, { exact: true }).waitFor();

  await page.getByRole('button', { name: `Remove ${songs[2].title} from playlist` }).click();
  await page
    .getByTestId('playlist-meta')
    .getByText(/^2 tracks · /)
    .waitFor();

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByText('Are you sure you want to delete this playlist?').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await page.waitForURL('**/playlists');
  await page.getByText('No playlists yet').waitFor();
  await close();
});

const stamp = () => Date.now().toString(36);

const rowTitles = (page: Page) => page.getByRole('list', { name: 'Playlist songs' }).getByTestId('song-title').allTextContents();

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
