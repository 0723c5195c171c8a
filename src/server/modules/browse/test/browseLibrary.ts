import { eq } from 'drizzle-orm';
import { playEvents, songs } from '../../../db/schema';
import { HAS_FFMPEG, makeMusicDir, makeTrack } from '../../../library/scan/test/makeTracks';
import { createScanApp, scanNow } from '../../../library/scan/test/scanApp';
import { createUser, type TestApp, type TestUser } from '../../../test/testApp';

/**
 * A small scanned library: "Greatest Hits" by Queen (1981, Rock) and by ABBA (1979, Pop), the
 * compilation "Summer Hits" (2020, Pop; Ana, Bo and Queen), and the two-disc "Double" by Band
 * (2001; Rock and Jazz), files named against the play order.
 */
async function makeLibrary(root: string): Promise<void> {
  let f = 300;
  const mp3 = (rel: string, tags: Record<string, string>) => makeTrack(root, rel, { frequency: (f += 20), tags });
  await mp3('Queen/GH/01.mp3', { title: 'Q One', artist: 'Queen', album: 'Greatest Hits', date: '1981', genre: 'Rock', track: '1' });
  await mp3('Queen/GH/02.mp3', { title: 'Q Two', artist: 'Queen', album: 'Greatest Hits', date: '1981', genre: 'Rock', track: '2' });
  await mp3('ABBA/GH/01.mp3', { title: 'A One', artist: 'ABBA', album: 'Greatest Hits', date: '1979', genre: 'Pop' });
  for (const [i, artist] of ['Ana', 'Bo', 'Queen'].entries()) {
    const tags = { title: `Hit ${i + 1}`, artist, album: 'Summer Hits', compilation: '1', track: `${i + 1}`, date: '2020', genre: 'Pop' };
    await makeTrack(root, `Hits/${i + 1}.flac`, { format: 'flac', frequency: (f += 20), tags });
  }
  const disc = (d: number, n: number, genre: string) => ({
    title: `D${d}T${n}`,
    artist: 'Band',
    album_artist: 'Band',
    album: 'Double',
    disc: `${d}/2`,
    track: `${n}`,
    date: '2001',
    genre,
  });
  await mp3('Band/Double/a.mp3', disc(2, 1, 'Jazz'));
  await mp3('Band/Double/b.mp3', disc(1, 2, 'Jazz'));
  await mp3('Band/Double/c.mp3', disc(1, 1, 'Rock'));
}

export interface BrowseFixture {
  t: TestApp;
  listener: TestUser;
  get(url: string): Promise<{ statusCode: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  songId(title: string): Promise<string>;
  play(title: string, times: number): Promise<void>;
}

/** The library scanned through the scan service, and a signed-in listener. */
export async function browseFixture(): Promise<BrowseFixture> {
  const root = await makeMusicDir();
  if (HAS_FFMPEG) await makeLibrary(root);
  const t = await createScanApp(root);
  if (HAS_FFMPEG) await scanNow(t);
  const listener = await createUser(t);
  const songId = async (title: string) => {
    const [row] = await t.app.db.select({ id: songs.id }).from(songs).where(eq(songs.title, title));
    if (!row) throw new Error(`no song ${title}`);
    return row.id;
  };
  return {
    t,
    listener,
    songId,
    async get(url) {
      const res = await t.app.inject({ method: 'GET', url, headers: listener.headers });
      return { statusCode: res.statusCode, body: res.json() };
    },
    async play(title, times) {
      const id = await songId(title);
      const rows = Array.from({ length: times }, (_, i) => ({ userId: listener.user.id, songId: id, playedAt: new Date(Date.now() - i * 60_000) }));
      await t.app.db.insert(playEvents).values(rows);
    },
  };
}

/** Every page of a list, following nextCursor; fails on a loop. */
export async function allPages(fx: BrowseFixture, url: string, key: 'albums' | 'artists'): Promise<{ id: string; name: string }[]> {
  const items: { id: string; name: string }[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page += 1) {
    const sep = url.includes('?') ? '&' : '?';
    const res = await fx.get(cursor ? `${url}${sep}cursor=${encodeURIComponent(cursor)}` : url);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${JSON.stringify(res.body)}`);
    items.push(...(res.body[key] as { id: string; name: string }[]));
    cursor = res.body.nextCursor;
    if (!cursor) return items;
  }
  throw new Error('too many pages');
}
