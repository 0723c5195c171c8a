/**
 * A whole-library sync: Symfonium's search3 query="" paging, or the web app's song list walked by
 * cursor, counting every song id that came back.
 */
import type { Sides } from './client';

export const SYNC_PAGE = 500;
const WEB_PAGE = 200;

export interface SyncRun {
  /** wall time of the whole sync, parsing included */
  ms: number;
  pages: number;
  /** each page's own request time, in order */
  pageMs: number[];
  received: number;
  distinct: number;
  /** the sync was stopped at `limitMs` before its last page */
  stopped?: boolean;
}

type SearchResult3 = { searchResult3: { song?: { id: string }[] } };
type SongsPage = { songs: { id: string }[]; nextCursor: string | null };

/** `limitMs`: stop after the page that passes it (a library too large to sync within a bounded part) */
export async function measureSync(s: Sides, side: 'subsonic' | 'web', limitMs = Infinity): Promise<SyncRun> {
  const ids = new Set<string>();
  const pageMs: number[] = [];
  let received = 0;
  const started = performance.now();
  let stopped = false;
  if (side === 'subsonic') {
    for (let offset = 0; ; offset += SYNC_PAGE) {
      const params: Record<string, string | number> = { query: '""', songCount: SYNC_PAGE, songOffset: offset };
      if (offset > 0) Object.assign(params, { artistCount: 0, albumCount: 0 });
      const page = await s.rest<SearchResult3>('search3', params);
      const songs = page.body.searchResult3.song ?? [];
      pageMs.push(page.ms);
      received += songs.length;
      for (const song of songs) ids.add(song.id);
      if (songs.length < SYNC_PAGE) break;
      if (performance.now() - started > limitMs) {
        stopped = true;
        break;
      }
    }
  } else {
    let cursor: string | null = null;
    do {
      const page: { ms: number; body: SongsPage } = await s.web(`/songs?limit=${WEB_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      pageMs.push(page.ms);
      received += page.body.songs.length;
      for (const song of page.body.songs) ids.add(song.id);
      cursor = page.body.nextCursor;
    } while (cursor);
  }
  return { ms: performance.now() - started, pages: pageMs.length, pageMs, received, distinct: ids.size, ...(stopped ? { stopped } : {}) };
}
