/**
 * Keyboard patterns: the top search is a combobox (arrows, Enter plays, Escape closes) and the
 * playlist card menu moves with arrow keys, Home and End, Escape returning focus to its button.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { eventually, expectVisible } from './support/waits';
import { waitForAudio } from './support/audioElement';
import { freshListener } from './support/signedIn';
import { createPlaylistByApi } from './support/appApi';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

const stamp = () => Date.now().toString(36);

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
