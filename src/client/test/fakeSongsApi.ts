/** A library of songs behind GET /api/songs, for the Search page's tests (features/search and app/screens/search). */
import type { Song } from '../../contract/songs';
import { memoryTokenStore } from './testServices';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const song = (n: number, title = `Song ${n}`): Song => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title,
  artist: `Artist ${n}`,
  duration: 60 + n,
  path: `${n}.wav`,
  publicUrl: `/api/songs/stream/${n}?st=x`,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** GET /api/songs over `library`: substring filter, cursor = index of the next song. */
export function fakeSongsApi(library: Song[]) {
  const urls: URL[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    urls.push(url);
    if (url.pathname === '/api/liked-songs/ids') return json(200, { success: true, songIds: [] });
    if (url.pathname !== '/api/songs') return json(404, { success: false, message: 'Not found' });
    const term = (url.searchParams.get('search') ?? '').toLowerCase();
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const matches = library.filter((s) => `${s.title} ${s.artist}`.toLowerCase().includes(term));
    const page = matches.slice(start, start + limit);
    return json(200, { success: true, songs: page, nextCursor: start + limit < matches.length ? String(start + limit) : null });
  }) as typeof fetch;
  return urls;
}

/** A stored token the auth bootstrap cannot clear (it is not a real JWT): these tests are about playback. */
export const keptToken = () => ({ ...memoryTokenStore('token'), clear: () => undefined });
