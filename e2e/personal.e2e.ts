import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, createListener, launchBrowser, newContext, screenshot, signInByApi } from './support/browser';

interface ApiSong {
  id: string;
  title: string;
  artist: string;
  duration: number;
}

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

/** A fresh listener, signed in (token stored as the app does), on the home page. */
async function freshListener(prefix: string): Promise<{ page: Page; token: string; username: string; close: () => Promise<void> }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  const user = await createListener(page, prefix);
  const token = await signInByApi(page, user.email, user.password);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  return { page, token, username: user.username, close: () => context.close() };
}

async function librarySongs(page: Page, token: string, count: number): Promise<ApiSong[]> {
  const res = await page.request.get(`${BASE_URL}/api/songs?limit=${count}`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status(), 200, await res.text());
  const { songs } = (await res.json()) as { songs: ApiSong[] };
  assert.ok(songs.length >= count, 'the demo library has enough songs');
  return songs.slice(0, count);
}

test('like a song in search, find it in Liked, unlike it there', async () => {
  const { page, token, close } = await freshListener('liker');
  const [song] = await librarySongs(page, token, 1);

  await page.goto('/search');
  await page.getByLabel('Title or artist').fill(song.title);
  const results = page.getByRole('list', { name: 'Songs' });
  const like = results.getByRole('button', { name: `Like ${song.title}`, exact: true });
  await like.first().click();
  await page.waitForFunction(
    (name) => [...document.querySelectorAll('button')].some((b) => b.getAttribute('aria-label') === name && b.getAttribute('aria-pressed') === 'true'),
    `Like ${song.title}`,
  );

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Liked Songs' }).click();
  const liked = page.getByRole('list', { name: 'Liked songs' });
  await liked.getByText(song.title, { exact: true }).waitFor();
  await screenshot(page, 'liked');

  await liked.getByRole('button', { name: `Like ${song.title}`, exact: true }).click();
  await page.getByText('No liked songs yet...').waitFor();
  // and it stays unliked after a reload (the server agrees)
  await page.reload();
  await page.getByText('No liked songs yet...').waitFor();
  await close();
});

test('create a playlist, add 3 songs, see the total, play all, remove one, delete it after the confirmation', async () => {
  const { page, token, close } = await freshListener('curator');
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

test('home greets by time of day and shows the liked and playlist counts', async () => {
  const { page, token, username, close } = await freshListener('homebody');
  const [song] = await librarySongs(page, token, 1);
  const headers = { authorization: `Bearer ${token}` };
  assert.equal((await page.request.post(`${BASE_URL}/api/liked-songs/${song.id}/toggle`, { headers })).status(), 200);
  assert.equal((await page.request.post(`${BASE_URL}/api/playlists`, { headers, data: { name: 'Morning mix' } })).status(), 201);

  await page.goto('/');
  const hour = await page.evaluate(() => new Date().getHours());
  const expected = hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
  await page.getByRole('heading', { level: 1, name: `${expected}, ${username}` }).waitFor();
  await page.getByTestId('tile-liked').getByText('1 song', { exact: true }).waitFor();
  await page.getByTestId('tile-playlists').getByText('1 playlist', { exact: true }).waitFor();
  await page.getByRole('article', { name: 'Morning mix' }).waitFor();
  await page.getByRole('img', { name: /Plays per day/ }).waitFor();
  await screenshot(page, 'home');
  await close();
});

test('the dark theme chosen in settings survives a reload', async () => {
  const { page, close } = await freshListener('nightowl');
  await page.goto('/settings');
  for (const name of ['Profile', 'Notifications', 'Privacy', 'Appearance', 'Streaming']) {
    await page.getByRole('heading', { name, level: 2 }).waitFor();
  }
  await page.getByRole('radio', { name: 'Light' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(246, 247, 251)');

  await page.getByRole('radio', { name: 'Dark' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(15, 17, 23)');
  await page.reload();
  await page.getByRole('heading', { name: 'Settings' }).waitFor();
  assert.equal(await background(), 'rgb(15, 17, 23)');
  assert.equal(await page.getByRole('radio', { name: 'Dark' }).isChecked(), true);
  await screenshot(page, 'settings-dark');
  await close();
});

test('a profile edit persists', async () => {
  const { page, close } = await freshListener('renamer');
  const next = `renamed${Date.now().toString(36)}`;
  await page.goto('/profile');
  await page.getByText('Active', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByRole('form', { name: 'Edit profile' }).getByLabel('Username').fill(next);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await page.getByTestId('profile-username').getByText(next, { exact: true }).waitFor();
  await page.reload();
  await page.getByTestId('profile-username').getByText(next, { exact: true }).waitFor();
  // the sidebar follows
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: next }).waitFor();
  await close();
});
