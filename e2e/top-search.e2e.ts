/**
 * The top search box: it finds a song and plays it from its dropdown, and it is a combobox (arrows
 * move through the results, Enter plays, Escape closes).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { E2E_ADMIN, launchBrowser, newContext, signInByApi } from './support/browser';
import { eventually, expectVisible } from './support/waits';
import { waitForAudio, waitForAudioElement } from './support/audioElement';
import { freshListener } from './support/signedIn';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

test('the top search box finds a song and plays it from its dropdown', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signInByApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Search songs' }).fill('tram lines');
  const dropdown = page.getByLabel('Search results');
  await dropdown.getByText('Rêverie for Tram Lines').waitFor();
  await dropdown.getByRole('button', { name: 'Play Rêverie for Tram Lines' }).click();
  await waitForAudioElement(page, (el) => !el.paused && el.currentTime > 0.2);
  await dropdown.getByRole('button', { name: 'Pause Rêverie for Tram Lines' }).click();
  await waitForAudioElement(page, (el) => el.paused);
  await context.close();
});

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
