/** The player bar and playing from the Search page, as the playback tests reach them. */
import type { Page } from 'playwright-core';
import { waitForAudio } from './audioElement';

export const player = (page: Page) => page.getByRole('contentinfo', { name: 'Player' }).or(page.locator('footer[aria-label="Player"]'));
export const playerTitle = (page: Page) => page.getByTestId('player-title').textContent();
export const songFile = (src: string) => (src ? new URL(src).pathname : '');

/** Plays `title` from the Search page's list (the results after it are queued) and waits until it sounds. */
export async function playFromSearch(page: Page, search: string, title: string): Promise<void> {
  await page.goto('/search');
  await page.getByLabel('Title or artist').fill(search);
  const row = page.getByRole('list', { name: 'Songs' }).getByTestId('song-result').filter({ hasText: title });
  await row.getByRole('button', { name: `Play ${title}`, exact: true }).click();
  await page.getByTestId('player-title').filter({ hasText: title }).waitFor();
  await waitForAudio(page, `${title} plays`, (a) => !a.paused && a.currentTime > 0.3);
}
