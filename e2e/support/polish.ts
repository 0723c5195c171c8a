/**
 * Helpers of the polish tests (issue 13): a fresh signed-in listener, the demo library, the audio
 * element, the radio reset, and bounded waits whose failure says which behaviour is missing.
 */
import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { BASE_URL, E2E_ADMIN, createListener, newContext, signInByApi } from './browser';

export interface ApiSong {
  id: string;
  title: string;
  artist: string;
  duration: number;
}

export interface Listener {
  page: Page;
  token: string;
  email: string;
  password: string;
  username: string;
  close: () => Promise<void>;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A fresh listener in its own context, signed in (token stored as the app does), on `path` (default home). */
export async function freshListener(browser: Browser, prefix: string, path = '/'): Promise<Listener> {
  const context = await newContext(browser);
  const page = await context.newPage();
  const user = await createListener(page, prefix);
  const token = await signInByApi(page, user.email, user.password);
  await page.goto(path);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  return { page, token, ...user, close: () => context.close() };
}

/** The admin in its own context, signed in, on `path`. */
export async function adminPage(browser: Browser, path = '/'): Promise<{ page: Page; token: string; close: () => Promise<void> }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  const token = await signInByApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(path);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  return { page, token, close: () => context.close() };
}

/** The demo library in the API's order (the first `count` songs). */
export async function librarySongs(page: Page, token: string, count = 14): Promise<ApiSong[]> {
  const res = await page.request.get(`${BASE_URL}/api/songs?limit=200`, { headers: bearer(token) });
  assert.equal(res.status(), 200, await res.text());
  // the demo library's songs (they carry no library fields): other test files upload songs of their own, which sort among them
  const songs = ((await res.json()) as { songs: (ApiSong & { albumId?: unknown })[] }).songs.filter((s) => !('albumId' in s));
  assert.ok(songs.length >= count, `the demo library has ${count} songs`);
  return songs.slice(0, count);
}

export async function createPlaylistByApi(page: Page, token: string, name: string, songIds: string[] = []): Promise<string> {
  const res = await page.request.post(`${BASE_URL}/api/playlists`, { headers: bearer(token), data: { name } });
  assert.equal(res.status(), 201, await res.text());
  const { playlist } = (await res.json()) as { playlist: { id: string } };
  for (const songId of songIds) {
    const added = await page.request.post(`${BASE_URL}/api/playlists/${playlist.id}/songs`, { headers: bearer(token), data: { songId } });
    assert.equal(added.status(), 200, await added.text());
  }
  return playlist.id;
}

/** The playlist's song ids in the order the server keeps them. */
export async function playlistOrderByApi(page: Page, token: string, id: string): Promise<string[]> {
  const res = await page.request.get(`${BASE_URL}/api/playlists/${id}`, { headers: bearer(token) });
  assert.equal(res.status(), 200, await res.text());
  const { playlist } = (await res.json()) as { playlist: { songs: { songId: string }[] } };
  return playlist.songs.map((s) => s.songId);
}

export interface AudioState {
  currentTime: number;
  paused: boolean;
  ended: boolean;
  src: string;
  volume: number;
  duration: number;
}

/** The app's one audio element (#wavelength-audio), as a listener would hear it. */
export const audioState = (page: Page): Promise<AudioState> =>
  page.evaluate(() => {
    const el = document.getElementById('wavelength-audio') as HTMLAudioElement | null;
    if (!el) return { currentTime: 0, paused: true, ended: false, src: '', volume: 1, duration: 0 };
    return { currentTime: el.currentTime, paused: el.paused, ended: el.ended, src: el.currentSrc, volume: el.volume, duration: el.duration };
  });

/** Waits until the audio element satisfies `check`, or fails with `what` and the last state seen. */
export async function waitForAudio(page: Page, what: string, check: (a: AudioState) => boolean, timeout = 15_000): Promise<AudioState> {
  return eventually(() => audioState(page), check, what, timeout);
}

/** Polls `read` until `check` holds; otherwise fails saying `what` did not happen and what was seen instead. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, timeout = 5_000, interval = 100): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: T | undefined;
  let error: unknown;
  for (;;) {
    try {
      last = await read();
      error = undefined;
      if (check(last)) return last;
    } catch (e) {
      error = e;
    }
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, interval));
  }
  const seen = error ? `error: ${String((error as Error).message ?? error).split('\n')[0]}` : JSON.stringify(last);
  assert.fail(`${what} (within ${timeout / 1000} s); saw ${seen}`);
}

/** Waits for a locator to be visible; on timeout fails with `what` rather than a selector dump. */
export async function expectVisible(locator: Locator, what: string, timeout = 5_000): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    assert.fail(`${what} (nothing visible within ${timeout / 1000} s)`);
  }
}

export const pathname = (page: Page) => new URL(page.url()).pathname;

interface RadioSnapshot {
  isRadioActive: boolean;
  queue: { id: string }[];
  currentTrack: { id: string } | null;
}

/** The radio off and empty, whatever an earlier test left (the e2e server is shared by every file). */
export async function resetRadio(page: Page, adminToken: string): Promise<void> {
  const headers = bearer(adminToken);
  const state = (await (await page.request.get(`${BASE_URL}/api/radio/queue`, { headers })).json()) as RadioSnapshot;
  if (state.isRadioActive) await page.request.post(`${BASE_URL}/api/radio/toggle`, { headers });
  for (const item of [...state.queue, ...(state.currentTrack ? [state.currentTrack] : [])]) {
    await page.request.delete(`${BASE_URL}/api/radio/queue/${item.id}`, { headers });
  }
}

/** The admin queues `songId` and starts the radio, all through the API. */
export async function startRadioWith(page: Page, adminToken: string, songId: string): Promise<void> {
  const headers = bearer(adminToken);
  const added = await page.request.post(`${BASE_URL}/api/radio/queue`, { headers, data: { songId } });
  assert.equal(added.status(), 200, await added.text());
  const toggled = await page.request.post(`${BASE_URL}/api/radio/toggle`, { headers });
  assert.equal(toggled.status(), 200, await toggled.text());
  const state = (await (await page.request.get(`${BASE_URL}/api/radio/queue`, { headers })).json()) as RadioSnapshot;
  assert.ok(state.isRadioActive && state.currentTrack, 'the radio is on air with a current track');
}

/** Reads `read` for `duration` ms and fails, with `what` and the value seen, the first time `check` does not hold. */
export async function holds<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, duration = 4_000, interval = 200): Promise<T> {
  const until = Date.now() + duration;
  let last = await read();
  for (;;) {
    assert.ok(check(last), `${what}; saw ${JSON.stringify(last)}`);
    if (Date.now() > until) return last;
    await new Promise((r) => setTimeout(r, interval));
    last = await read();
  }
}
