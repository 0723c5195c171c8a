/** Setting the scene through the API: the demo library, playlists, the radio. */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { BASE_URL } from './browser';
import { bearer } from './signedIn';

export interface ApiSong {
  id: string;
  title: string;
  artist: string;
  duration: number;
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
