/**
 * Issue 13, session and pages: every tab follows sign-out and sign-in (3), errors say what happened
 * (8), the 404 page, the sign-in form and the Liked order (9), and a title for every page (11).
 * Written before the fixes, each failed on the app as it was before issue 13.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, createListener, launchBrowser, newContext, signIn, signInByApi } from './support/browser';
import { audioState, bearer, createPlaylistByApi, eventually, expectVisible, freshListener, librarySongs, pathname } from './support/polish';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

test('signing out in one tab signs out the other', async () => {
  const context = await newContext(browser);
  const first = await context.newPage();
  const user = await createListener(first, 'twotabs');
  await signInByApi(first, user.email, user.password);
  const second = await context.newPage();
  for (const page of [first, second]) {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
  }

  await first.getByRole('button', { name: 'Log out' }).click();
  await first.getByRole('heading', { name: 'Sign in' }).waitFor();
  assert.equal(pathname(first), '/auth/login');
  await eventually(
    async () => pathname(second),
    (p) => p === '/auth/login',
    'the other tab follows the sign-out to /auth/login',
    5_000,
  );
  await expectVisible(second.getByRole('heading', { name: 'Sign in' }), 'the other tab shows the sign-in page');
  await context.close();
});

test('signing in in one tab signs in the other', async () => {
  const context = await newContext(browser);
  const first = await context.newPage();
  const user = await createListener(first, 'twotabsin');
  const second = await context.newPage();
  for (const page of [first, second]) {
    await page.goto('/auth/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  }

  await signIn(first, user.email, user.password);
  assert.equal(pathname(first), '/');
  await eventually(
    async () => pathname(second),
    (p) => p === '/',
    'the other tab follows the sign-in and leaves /auth/login for /',
    5_000,
  );
  await expectVisible(second.getByRole('navigation', { name: 'Main' }), 'the other tab shows the signed-in app');
  await context.close();
});

/** The page's error, once the page has settled on one (an alert exists today). */
async function alertText(page: Page): Promise<string> {
  const alert = page.getByRole('main').getByRole('alert');
  await alert.first().waitFor();
  return ((await alert.first().textContent()) ?? '').trim();
}

test("another user's playlist says Playlist not found", async () => {
  const owner = await freshListener(browser, 'owner');
  const id = await createPlaylistByApi(owner.page, owner.token, `Private ${Date.now().toString(36)}`);
  const other = await freshListener(browser, 'snoop', `/playlists/${id}`);
  assert.equal(await alertText(other.page), 'Playlist not found');
  await Promise.all([owner.close(), other.close()]);
});

test('a malformed playlist id says Playlist not found', async () => {
  const { page, close } = await freshListener(browser, 'malformed', '/playlists/not-a-playlist-id');
  assert.equal(await alertText(page), 'Playlist not found');
  await close();
});

test('offline, the app says it is offline and the radio badge says Disconnected', async () => {
  const { page, close } = await freshListener(browser, 'netloss', '/radio');
  const connection = page.getByRole('status', { name: 'Connection' });
  await connection.filter({ hasText: 'Connected' }).waitFor();

  await page.context().setOffline(true);
  await expectVisible(page.getByText(/\boffline\b/i), 'the app says it is offline', 5_000);
  await eventually(
    () => connection.textContent(),
    (t) => t === 'Disconnected',
    'the radio badge says Disconnected while offline',
    10_000,
  );

  await page.context().setOffline(false);
  await eventually(
    () => page.getByText(/\boffline\b/i).count(),
    (n) => n === 0,
    'the offline notice goes once the network is back',
    10_000,
  );
  await eventually(
    () => connection.textContent(),
    (t) => t === 'Connected',
    'the radio reconnects once the network is back',
    20_000,
  );
  await close();
});

test('a play that fails offline says the network failed, not that the format is unsupported', async (t) => {
  const { page, close } = await freshListener(browser, 'netplay', '/search');
  await page.getByLabel('Title or artist').fill('velvet');
  const play = page.getByRole('list', { name: 'Songs' }).getByRole('button', { name: 'Play Velvet Undertow', exact: true });
  await play.waitFor();

  await page.context().setOffline(true);
  await play.click();
  // every alert of the next 6 s (other requests may fail offline too); the play's own must name the network
  const seen = new Set<string>();
  const deadline = Date.now() + 6_000;
  while (Date.now() < deadline && ![...seen].some((m) => /format not supported/i.test(m))) {
    for (const text of await page.getByRole('alert').allTextContents()) if (text.trim()) seen.add(text.trim());
    await page.waitForTimeout(100);
  }
  const messages = [...seen];
  t.diagnostic(`offline play: ${JSON.stringify(messages)}, audio ${JSON.stringify(await audioState(page))}`);
  assert.ok(
    !messages.some((m) => /format not supported/i.test(m)) && messages.some((m) => /network/i.test(m)),
    `an offline play says the network failed, not a format problem; it says ${JSON.stringify(messages)}`,
  );
  await page.context().setOffline(false);
  await close();
});

test('the 404 page opened in a fresh tab offers Home as well as Go Back', async () => {
  const context = await newContext(browser);
  const setup = await context.newPage();
  const user = await createListener(setup, 'lost');
  await signInByApi(setup, user.email, user.password);
  await setup.close();

  const page = await context.newPage();
  await page.goto('/no/such/page');
  await page.getByRole('heading', { name: '404' }).waitFor();
  assert.ok(await page.getByRole('button', { name: 'Go Back' }).isVisible());
  const home = page.getByRole('link', { name: 'Home', exact: true }).or(page.getByRole('button', { name: 'Home', exact: true }));
  await expectVisible(home, 'the 404 page offers Home');
  await home.first().click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  assert.equal(pathname(page), '/');
  await context.close();
});

test('a wrong password clears the password field', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  const user = await createListener(page, 'typo');
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(user.email);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
  assert.equal(await password.inputValue(), '', 'the password field is empty after a wrong password');
  assert.equal(await page.getByLabel('Email').inputValue(), user.email, 'the email stays');
  await context.close();
});

test('the Liked page lists the newest like first', async () => {
  const { page, token, close } = await freshListener(browser, 'likeorder');
  const songs = await librarySongs(page, token, 3);
  // liked in this order, from the Search page, a moment apart
  await page.goto('/search');
  for (const song of songs) {
    await page.getByLabel('Title or artist').fill(song.title);
    const like = page.getByRole('list', { name: 'Songs' }).getByRole('button', { name: `Like ${song.title}`, exact: true });
    await like.click();
    await eventually(
      () => like.getAttribute('aria-pressed'),
      (v) => v === 'true',
      `${song.title} is liked`,
    );
    await page.waitForTimeout(300);
  }
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Liked Songs' }).click();
  const rows = page.getByRole('list', { name: 'Liked songs' }).getByTestId('song-title');
  await eventually(
    () => rows.count(),
    (n) => n === 3,
    'the three liked songs are listed',
  );
  assert.deepEqual(await rows.allTextContents(), songs.map((s) => s.title).reverse(), 'the newest like comes first');
  // and a song liked later (here through the API) comes first after a reload
  const [fourth] = (await librarySongs(page, token, 4)).slice(3);
  await page.request.post(`${BASE_URL}/api/liked-songs/${fourth.id}/toggle`, { headers: bearer(token) });
  await page.reload();
  await eventually(
    () => rows.first().textContent(),
    (t) => t === fourth.title,
    `${fourth.title}, liked last, comes first`,
  );
  await close();
});

test('every page has its own document title', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  const wrong: string[] = [];
  const expectTitle = async (path: string, expected: string, ready: () => Promise<unknown>) => {
    await page.goto(path);
    await ready();
    const title = await eventually(
      () => page.title(),
      (t) => t === expected,
      '',
      800,
    ).catch(() => page.title());
    if (title !== expected) wrong.push(`${path}: "${title}", expected "${expected}"`);
  };
  const heading = () => page.getByRole('heading', { level: 1 }).first().waitFor();

  await expectTitle('/auth/login', 'Sign in · Wavelength', heading);
  await expectTitle('/auth/signup', 'Sign up · Wavelength', heading);
  await expectTitle('/auth/forgot-password', 'Reset your password · Wavelength', heading);

  const user = await createListener(page, 'titles');
  const token = await signInByApi(page, user.email, user.password);
  const name = `Titled ${Date.now().toString(36)}`;
  const id = await createPlaylistByApi(page, token, name);
  for (const [path, expected] of [
    ['/', 'Home · Wavelength'],
    ['/search', 'Search · Wavelength'],
    ['/music-box', 'Music Box · Wavelength'],
    ['/radio', 'Radio · Wavelength'],
    ['/playlists', 'Playlists · Wavelength'],
    [`/playlists/${id}`, `${name} · Wavelength`],
    ['/liked', 'Liked Songs · Wavelength'],
    ['/settings', 'Settings · Wavelength'],
    ['/profile', 'Profile · Wavelength'],
    ['/no/such/page', 'Page not found · Wavelength'],
  ]) {
    await expectTitle(path, expected, heading);
  }
  await context.close();
  assert.equal(wrong.length, 0, `pages without their own title:\n${wrong.join('\n')}`);
});
