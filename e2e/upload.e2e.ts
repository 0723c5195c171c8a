/**
 * An admin uploads a track through Add Track: the browser checks it first, the progress bar reaches
 * 100 %, and the new song is found and plays.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { E2E_ADMIN, launchBrowser, newContext, signInByApi } from './support/browser';
import { waitForAudioElement } from './support/audioElement';
import { makeWav, uploadThroughDialog } from './support/upload';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

test('an admin uploads a WAV with a progress bar reaching 100 %, then finds and plays it', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signInByApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/search');
  const title = `E2E Upload ${Date.now().toString(36)}`;

  // the browser checks first: no file is the product's 'All fields are required.'
  await page.getByRole('button', { name: 'Add Track' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Track' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  assert.equal(await dialog.getByRole('alert').textContent(), 'All fields are required.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const progress = await uploadThroughDialog(page, title, 'The Test Harness', makeWav(2 * 1024 * 1024));
  assert.equal(progress.at(-1), 100, `progress values: ${progress.join(', ')}`);
  assert.ok(
    progress.every((v, i) => i === 0 || v >= progress[i - 1]),
    'progress only grows',
  );

  // the new song is in the results and plays
  await page.getByLabel('Title or artist').fill(title);
  const row = page.getByTestId('song-result').filter({ hasText: title });
  await row.waitFor();
  assert.equal(await page.getByTestId('song-result').count(), 1);
  await row.getByRole('button', { name: `Play ${title}` }).click();
  await waitForAudioElement(page, (el) => !el.paused && el.currentTime > 0.3);
  assert.equal(await page.getByTestId('player-title').textContent(), title);
  await context.close();
});
