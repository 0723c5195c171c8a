import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { seriousA11yViolations, type AxeFinding } from './support/axe';
import { BASE_URL, E2E_ADMIN, createListener, launchBrowser, signInByApi } from './support/browser';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

/** Every signed-in page a listener and an admin reach, with something in it worth checking. */
async function signedInPages(page: Page, token: string): Promise<string[]> {
  const res = await page.request.post(`${BASE_URL}/api/playlists`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { name: `Axe ${Date.now()}`, description: 'checked by axe' },
  });
  assert.equal(res.status(), 201, await res.text());
  const { playlist } = (await res.json()) as { playlist: { id: string } };
  // the Music Box shows each status's badge: one pending, one approved, one rejected suggestion
  const stamp = Date.now().toString(36);
  for (const status of ['pending', 'approved', 'rejected'] as const) {
    const made = await page.request.post(`${BASE_URL}/api/musicbox/suggestions`, {
      headers: { authorization: `Bearer ${token}` },
      data: { title: `Axe ${status} ${stamp}`, artist: 'Checker' },
    });
    assert.equal(made.status(), 201, await made.text());
    const { suggestion } = (await made.json()) as { suggestion: { id: string } };
    if (status === 'pending') continue;
    const decided = await page.request.put(`${BASE_URL}/api/musicbox/suggestions/${suggestion.id}/status`, {
      headers: { authorization: `Bearer ${token}` },
      data: { status },
    });
    assert.equal(decided.status(), 200, await decided.text());
  }
  // the browsing pages, with an album and an artist when the library has any
  const headers = { authorization: `Bearer ${token}` };
  const { albums } = (await (await page.request.get(`${BASE_URL}/api/albums?limit=1`, { headers })).json()) as { albums: { id: string }[] };
  const { artists } = (await (await page.request.get(`${BASE_URL}/api/artists?limit=1`, { headers })).json()) as { artists: { id: string }[] };
  const browse = ['/albums', '/artists', '/genres', ...albums.map((a) => `/albums/${a.id}`), ...artists.map((a) => `/artists/${a.id}`)];
  return ['/', '/search', '/music-box', '/radio', '/playlists', `/playlists/${playlist.id}`, '/liked', '/settings', '/profile', ...browse, '/no/such/page'];
}

async function waitForPage(page: Page): Promise<void> {
  await page.getByRole('main').first().waitFor();
  await page.waitForLoadState('networkidle');
}

function report(findings: Map<string, AxeFinding[]>): string {
  return [...findings]
    .map(([where, list]) => `${where}:\n${list.map((f) => `  ${f.impact} ${f.id} (${f.help}): ${f.nodes.slice(0, 4).join(', ')}`).join('\n')}`)
    .join('\n');
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation on any page, ${colorScheme} theme`, async () => {
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 }, colorScheme });
    const page = await context.newPage();
    const findings = new Map<string, AxeFinding[]>();
    const check = async (where: string) => {
      const found = await seriousA11yViolations(page);
      if (found.length) findings.set(where, found);
    };

    for (const path of ['/auth/login', '/auth/signup', '/auth/forgot-password']) {
      await page.goto(path);
      await page.getByRole('main').first().waitFor();
      await check(path);
    }

    const token = await signInByApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    for (const path of await signedInPages(page, token)) {
      await page.goto(path);
      await waitForPage(page);
      await check(`admin ${path}`);
    }

    const listener = await createListener(page, 'axe');
    await signInByApi(page, listener.email, listener.password);
    for (const path of ['/', '/music-box', '/radio']) {
      await page.goto(path);
      await waitForPage(page);
      await check(`listener ${path}`);
    }

    await context.close();
    assert.equal(findings.size, 0, `axe (${colorScheme}):\n${report(findings)}`);
  });
}
