/**
 * Share links (docs/product.md §2.16): the owner shares a playlist through the dialog; a fresh
 * browser context with no account opens the link, sees the tracks, presses play and hears the
 * song advance, with no cookie set; once the owner ends the share, a reload shows the refusal and
 * the stream URL answers 404.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, newContext, screenshot } from './support/browser';
import { createPlaylistByApi, librarySongs } from './support/appApi';
import { bearer, freshListener, pathname } from './support/signedIn';
import { eventually } from './support/waits';
import { seriousA11yViolations } from './support/axe';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

const audioTime = (page: Page) => page.getByTestId('share-audio').evaluate((el) => (el as HTMLAudioElement).currentTime);

test('a shared playlist plays in a fresh context without an account, then expires and is refused', async () => {
  const owner = await freshListener(browser, 'sharer');
  const songs = await librarySongs(owner.page, owner.token, 3);
  const name = `Shared mix ${Date.now().toString(36)}`;
  const playlistId = await createPlaylistByApi(
    owner.page,
    owner.token,
    name,
    songs.map((s) => s.id),
  );

  // the owner: Share on the playlist page, the dialog, the link with Copy
  await owner.page.goto(`/playlists/${playlistId}`);
  await owner.page.getByRole('heading', { name, level: 1 }).waitFor();
  await owner.page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = owner.page.getByRole('dialog', { name: `Share “${name}”` });
  await dialog.getByLabel('Description (optional)').fill('Songs for the weekend');
  await dialog.getByLabel('Expires').selectOption('7');
  await dialog.getByLabel(/Allow downloads/).check();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const linkField = dialog.getByLabel('Share link');
  await linkField.waitFor();
  const link = await linkField.inputValue();
  assert.match(link, /\/s\/[A-Za-z0-9_-]{22}$/, 'the link names the public page and an unguessable id');
  await dialog.getByRole('button', { name: 'Copy' }).waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
  const shareId = link.split('/s/')[1];

  // a visitor: a new context, no storage, no cookies, no account
  const context = await newContext(browser, { width: 360, height: 740 });
  const visitor = await context.newPage();
  const asked: string[] = [];
  visitor.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await visitor.goto(link);
  await visitor.getByRole('heading', { name, level: 1 }).waitFor();
  assert.equal(pathname(visitor), `/s/${shareId}`, 'no redirect to the sign-in page');
  await visitor.getByText('Songs for the weekend').waitFor();
  await visitor.getByText(`Shared by ${owner.username}`).waitFor();
  const rows = visitor.getByRole('list', { name: 'Tracks' }).getByTestId('share-track');
  assert.equal(await rows.count(), 3);
  assert.deepEqual(
    await rows.locator('strong').allTextContents(),
    songs.map((s) => s.title),
  );
  await visitor.getByRole('link', { name: `Download ${songs[0].title}` }).waitFor();
  const m3u = await visitor.getByRole('link', { name: 'Open as playlist (m3u)' }).getAttribute('href');
  const playlistFile = await visitor.request.get(`${BASE_URL}${m3u}`);
  assert.equal(playlistFile.status(), 200);
  assert.match(await playlistFile.text(), /^#EXTM3U\n#EXTINF:/);

  await visitor.getByRole('button', { name: `Play ${songs[1].title}` }).click();
  await eventually(
    () => audioTime(visitor),
    (t) => t > 1,
    'the shared song plays in the visitor’s browser: currentTime advances',
    15_000,
  );
  await visitor.getByRole('button', { name: `Pause ${songs[1].title}` }).waitFor();
  await screenshot(visitor, 'share-page-phone');
  assert.deepEqual(await context.cookies(), [], 'the public page and its stream set no cookie');
  assert.deepEqual(
    asked.filter((p) => p.startsWith('/api/') && !p.startsWith('/api/public/shares/')),
    [],
    'the visitor’s page calls only the share’s public routes: no sign-in, no session refresh',
  );
  const streamUrl = await visitor.getByTestId('share-audio').evaluate((el) => (el as HTMLAudioElement).currentSrc);
  assert.match(streamUrl, new RegExp(`/api/public/shares/${shareId}/tracks/${songs[1].id}/stream$`));

  // the owner sees the visit in Settings › Shares
  await owner.page.goto('/settings');
  const item = owner.page.getByTestId('share-item').filter({ hasText: name });
  await item.getByText(/^1 visit · Expires /).waitFor();

  // the owner ends it (expiry in the past): the visitor's reload is refused, and so is the stream
  const ended = await owner.page.request.patch(`${BASE_URL}/api/shares/${shareId}`, {
    headers: bearer(owner.token),
    data: { expiresAt: new Date(Date.now() - 1000).toISOString() },
  });
  assert.equal(ended.status(), 200, await ended.text());
  await visitor.reload();
  await visitor.getByRole('heading', { name: 'This share has expired or does not exist.' }).waitFor();
  const refused = await visitor.request.get(streamUrl);
  assert.equal(refused.status(), 404);
  assert.deepEqual(await refused.json(), { success: false, message: 'Share not found' });
  assert.deepEqual(await context.cookies(), []);

  await context.close();
  await owner.close();
});

test('Settings › Shares revokes a share after the confirmation; its page then refuses', async () => {
  const owner = await freshListener(browser, 'revoker');
  const songs = await librarySongs(owner.page, owner.token, 1);
  const name = `Revoked mix ${Date.now().toString(36)}`;
  const playlistId = await createPlaylistByApi(owner.page, owner.token, name, [songs[0].id]);
  const made = await owner.page.request.post(`${BASE_URL}/api/shares`, { headers: bearer(owner.token), data: { kind: 'playlist', ids: [playlistId] } });
  assert.equal(made.status(), 201, await made.text());
  const { share } = (await made.json()) as { share: { id: string; url: string } };

  await owner.page.goto('/settings');
  await owner.page.getByRole('button', { name: `Revoke the share of ${name}` }).click();
  const confirm = owner.page.getByRole('dialog', { name: 'Revoke this share?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await eventually(
    () => owner.page.getByTestId('share-item').filter({ hasText: name }).count(),
    (n) => n === 0,
    'the revoked share leaves the list',
  );

  const context = await newContext(browser);
  const visitor = await context.newPage();
  await visitor.goto(share.url);
  await visitor.getByRole('heading', { name: 'This share has expired or does not exist.' }).waitFor();
  await context.close();
  await owner.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the public page and its refusal pass axe at 360 px, ${colorScheme} theme`, async () => {
    const owner = await freshListener(browser, 'axeshare');
    const songs = await librarySongs(owner.page, owner.token, 2);
    const playlistId = await createPlaylistByApi(
      owner.page,
      owner.token,
      `Axe mix ${colorScheme}`,
      songs.map((s) => s.id),
    );
    const made = await owner.page.request.post(`${BASE_URL}/api/shares`, {
      headers: bearer(owner.token),
      data: { kind: 'playlist', ids: [playlistId], description: 'Checked', downloadable: true },
    });
    assert.equal(made.status(), 201, await made.text());
    const { share } = (await made.json()) as { share: { url: string } };

    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 360, height: 740 }, colorScheme });
    const visitor = await context.newPage();
    await visitor.goto(share.url);
    await visitor.getByRole('list', { name: 'Tracks' }).waitFor();
    assert.deepEqual(await seriousA11yViolations(visitor), [], 'the share page');
    const width = await visitor.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `nothing wider than the phone (${width} px)`);
    if (colorScheme === 'dark') await screenshot(visitor, 'share-page-dark');
    await visitor.goto('/s/AAAAAAAAAAAAAAAAAAAAAA');
    await visitor.getByRole('heading', { name: 'This share has expired or does not exist.' }).waitFor();
    assert.deepEqual(await seriousA11yViolations(visitor), [], 'the refusal page');
    await context.close();
    await owner.close();
  });
}
