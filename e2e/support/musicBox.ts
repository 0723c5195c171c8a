/** The Music Box as its tests reach it: a suggestion's list item, a suggestion made through the API. */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { BASE_URL } from './browser';
import { bearer } from './signedIn';

export const suggestionItem = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'Suggestions' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${title}`) }) });

export async function suggestByApi(page: Page, token: string, title: string, artist = 'Polish'): Promise<string> {
  const res = await page.request.post(`${BASE_URL}/api/musicbox/suggestions`, { headers: bearer(token), data: { title, artist } });
  assert.equal(res.status(), 201, await res.text());
  return ((await res.json()) as { suggestion: { id: string } }).suggestion.id;
}
