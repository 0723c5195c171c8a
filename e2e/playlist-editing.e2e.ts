/**
 * Editing a playlist: its songs move up and down by labelled buttons or by drag and drop, the
 * order is saved on the server and played in, and a removed song comes back with Undo.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { eventually, expectVisible } from './support/waits';
import { freshListener } from './support/signedIn';
import { createPlaylistByApi, librarySongs, playlistOrderByApi } from './support/appApi';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

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
