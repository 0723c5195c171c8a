import http from 'node:http';
import { benchAudioFile } from '../lib/audioFile';
import { timedGet } from '../lib/http';
import type { BenchContext, Part } from '../lib/part';
import { atMost, info, type Figure } from '../lib/report';
import { addBenchSong, startBenchServer, type BenchServer } from '../lib/serverHandle';
import { median, round, summarize, type Summary } from '../lib/stats';
import { searchTerms } from '../search/library';
import { createRng } from '../../src/server/library/demo/random';
import { createApiKey, sides, type Sides } from './client';
import { measureSync, type SyncRun } from './sync';

export const SHAPE = { songs: 10_000, albums: 1_000, artists: 300 };
/** DESIGN.md has no Subsonic budget: the web albums API's (p95 < 25 ms) stands for lists, albums and search */
const P95_BUDGET_MS = 25;
const SYNC_BUDGET_S = 5;
const SYNC_RUNS = 3;
const LIST_SIZE = 500;
/** getAlbumList2 offsets across the 1,000 albums, each the start of a 500-album page */
const LIST_OFFSETS = Array.from({ length: 11 }, (_, i) => i * 50);
const LIST_ROUNDS = 3;
/** the web API's largest page (contract/browse.ts) */
const WEB_PAGE = 200;
const ALBUM_SAMPLES = 200;
const ARTISTS_SAMPLES = 40;
const SEARCH_SAMPLES = 120;
/** search3 asks as many of each as the web search shows (SEARCH_GROUP_SIZE), so both do the same work */
const SEARCH_COUNT = 8;
const RANGE_BYTES = 1024 * 1024;
const RANGE_SAMPLES = 40;

interface Paired {
  ours: Summary;
  reference: Summary;
}

/** n calls of each side, alternating which goes first, so a busy moment of the machine falls on both. */
async function paired(n: number, ours: (i: number) => Promise<number>, reference: (i: number) => Promise<number>): Promise<Paired> {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < n; i += 1) {
    if (i % 2) {
      b.push(await reference(i));
      a.push(await ours(i));
    } else {
      a.push(await ours(i));
      b.push(await reference(i));
    }
  }
  return { ours: summarize(a), reference: summarize(b) };
}

interface AlbumPage {
  albums: { id: string }[];
  nextCursor: string | null;
}

/** The web cursor at every offset of LIST_OFFSETS (name order), walking the list 50 albums at a time. */
async function webCursors(s: Sides): Promise<Map<number, string | undefined>> {
  const cursors = new Map<number, string | undefined>([[0, undefined]]);
  let cursor: string | undefined;
  for (let offset = 50; offset <= Math.max(...LIST_OFFSETS); offset += 50) {
    const page = await s.web<AlbumPage>(`/albums?sort=name&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    cursor = page.body.nextCursor ?? undefined;
    cursors.set(offset, cursor);
  }
  return cursors;
}

/** The same 500 albums through the web API: pages of at most 200 from the cursor at `offset`. */
async function webAlbums(s: Sides, cursor: string | undefined, count: number): Promise<{ ms: number; ids: string[] }> {
  let ms = 0;
  const ids: string[] = [];
  while (ids.length < count) {
    const limit = Math.min(WEB_PAGE, count - ids.length);
    const page = await s.web<AlbumPage>(`/albums?sort=name&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    ms += page.ms;
    ids.push(...page.body.albums.map((a) => a.id));
    if (!page.body.nextCursor) break;
    cursor = page.body.nextCursor;
  }
  return { ms, ids };
}

async function webArtists(s: Sides): Promise<{ ms: number; count: number }> {
  let ms = 0;
  let count = 0;
  let cursor: string | null = null;
  do {
    const page: { ms: number; body: { artists: unknown[]; nextCursor: string | null } } = await s.web(
      `/artists?limit=${WEB_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    ms += page.ms;
    count += page.body.artists.length;
    cursor = page.body.nextCursor;
  } while (cursor);
  return { ms, count };
}

type AlbumList2 = { albumList2: { album?: { id: string }[] } };
type Artists = { artists: { index?: { artist: unknown[] }[] } };

interface Measured {
  seeded: { songs: number; albums: number; artists: number; ms: number };
  sync: SyncRun[];
  webSync: SyncRun[];
  list: Paired;
  listSameOrder: boolean;
  album: Paired;
  artists: Paired;
  artistCounts: { ours: number; web: number };
  search: Paired;
  searchTerms: string[];
  stream: Paired | null;
  streamNote: string;
}

async function measure(ctx: BenchContext, server: BenchServer): Promise<Measured> {
  ctx.log(`subsonic: seeding ${SHAPE.songs.toLocaleString('en-US')} songs, ${SHAPE.albums} albums, ${SHAPE.artists} artists`);
  const seeded = await server.call<Measured['seeded']>({ cmd: 'seedLibrary', ...SHAPE });
  const user = await server.user();
  const apiKey = await createApiKey(server.baseUrl, user.token, user.password);
  const s = sides(server.baseUrl, apiKey, user.token);
  try {
    ctx.log(`subsonic: full-library sync, search3 query "" by 500 songs, against GET /api/songs by ${WEB_PAGE}, ${SYNC_RUNS} runs each`);
    const sync: SyncRun[] = [];
    const webSync: SyncRun[] = [];
    for (let i = 0; i < SYNC_RUNS; i += 1) {
      sync.push(await measureSync(s, 'subsonic'));
      webSync.push(await measureSync(s, 'web'));
    }

    ctx.log(`subsonic: getAlbumList2 alphabeticalByName size=${LIST_SIZE} at ${LIST_OFFSETS.length} offsets`);
    const cursors = await webCursors(s);
    let listSameOrder = true;
    for (const offset of LIST_OFFSETS) {
      const ours = await s.rest<AlbumList2>('getAlbumList2', { type: 'alphabeticalByName', size: LIST_SIZE, offset });
      const web = await webAlbums(s, cursors.get(offset), LIST_SIZE);
      const ids = (ours.body.albumList2.album ?? []).map((a) => a.id);
      if (ids.join() !== web.ids.join()) listSameOrder = false;
    }
    const offsetOf = (i: number) => LIST_OFFSETS[i % LIST_OFFSETS.length];
    const list = await paired(
      LIST_OFFSETS.length * LIST_ROUNDS,
      async (i) => (await s.rest('getAlbumList2', { type: 'alphabeticalByName', size: LIST_SIZE, offset: offsetOf(i) })).ms,
      async (i) => (await webAlbums(s, cursors.get(offsetOf(i)), LIST_SIZE)).ms,
    );

    ctx.log(`subsonic: getAlbum, ${ALBUM_SAMPLES} random albums`);
    const allAlbums = await s.rest<AlbumList2>('getAlbumList2', { type: 'alphabeticalByName', size: LIST_SIZE, offset: 0 });
    const more = await s.rest<AlbumList2>('getAlbumList2', { type: 'alphabeticalByName', size: LIST_SIZE, offset: LIST_SIZE });
    const albumIds = [...(allAlbums.body.albumList2.album ?? []), ...(more.body.albumList2.album ?? [])].map((a) => a.id);
    const random = createRng(3);
    const picks = Array.from({ length: ALBUM_SAMPLES + 20 }, () => albumIds[Math.floor(random() * albumIds.length)]);
    const albumCall = {
      ours: async (i: number) => (await s.rest('getAlbum', { id: picks[i] })).ms,
      web: async (i: number) => (await s.web(`/albums/${picks[i]}`)).ms,
    };
    await paired(
      20,
      (i) => albumCall.ours(ALBUM_SAMPLES + i),
      (i) => albumCall.web(ALBUM_SAMPLES + i),
    );
    const album = await paired(ALBUM_SAMPLES, albumCall.ours, albumCall.web);

    ctx.log(`subsonic: getArtists against GET /api/artists (every page), ${ARTISTS_SAMPLES} times`);
    const oursArtists = await s.rest<Artists>('getArtists');
    const artistCounts = {
      ours: (oursArtists.body.artists.index ?? []).reduce((n, ix) => n + ix.artist.length, 0),
      web: (await webArtists(s)).count,
    };
    const artists = await paired(
      ARTISTS_SAMPLES,
      async () => (await s.rest('getArtists')).ms,
      async () => (await webArtists(s)).ms,
    );

    const terms = [...new Set(searchTerms().filter((t) => t.length === 3))];
    ctx.log(`subsonic: search3 for ${terms.length} three-letter terms (${SEARCH_COUNT} of each kind) against GET /api/search`);
    const searchCall = {
      ours: async (i: number) =>
        (await s.rest('search3', { query: terms[i % terms.length], artistCount: SEARCH_COUNT, albumCount: SEARCH_COUNT, songCount: SEARCH_COUNT })).ms,
      web: async (i: number) => (await s.web(`/search?q=${encodeURIComponent(terms[i % terms.length])}`)).ms,
    };
    await paired(terms.length, searchCall.ours, searchCall.web);
    const search = await paired(SEARCH_SAMPLES, searchCall.ours, searchCall.web);

    const { stream, streamNote } = await measureStream(ctx, server, apiKey, user.id);
    return { seeded, sync, webSync, list, listSameOrder, album, artists, artistCounts, search, searchTerms: terms, stream, streamNote };
  } finally {
    s.close();
  }
}

/**
 * The seeded songs name no files, so ranges are measured on one real 5 MB WAV added after the
 * other measurements: /rest/stream (API key) against /api/songs/stream/:id (the stream cookie).
 */
async function measureStream(ctx: BenchContext, server: BenchServer, apiKey: string, userId: string): Promise<{ stream: Paired | null; streamNote: string }> {
  ctx.log(`subsonic: ${RANGE_SAMPLES} ranges of 1 MiB from /rest/stream and /api/songs/stream/:id`);
  const audio = benchAudioFile();
  const song = await addBenchSong(server, 'Bench Tone', audio);
  const cookie = await server.call<string>({ cmd: 'streamCookie', userId });
  const query = new URLSearchParams({ id: song.id, apiKey, v: '1.16.1', c: 'wavelength-bench' });
  const urls = { ours: `${server.baseUrl}/rest/stream?${query}`, web: `${server.baseUrl}/api/songs/stream/${song.id}` };
  const agents = { ours: new http.Agent({ keepAlive: true, maxSockets: 1 }), web: new http.Agent({ keepAlive: true, maxSockets: 1 }) };
  const random = createRng(11);
  const starts = Array.from({ length: RANGE_SAMPLES + 4 }, () => Math.floor(random() * (audio.sizeBytes - RANGE_BYTES)));
  const range = (i: number) => ({ range: `bytes=${starts[i]}-${starts[i] + RANGE_BYTES - 1}` });
  const get = async (side: 'ours' | 'web', i: number) => {
    const got = await timedGet(urls[side], { agent: agents[side], headers: { ...range(i), ...(side === 'web' ? { cookie } : {}) } });
    if (got.status !== 206 || got.bytes !== RANGE_BYTES)
      throw new Error(`${side} stream answered ${got.status} with ${got.bytes} bytes, expected 206 with ${RANGE_BYTES}`);
    return got.totalMs;
  };
  try {
    await paired(
      4,
      (i) => get('ours', RANGE_SAMPLES + i),
      (i) => get('web', RANGE_SAMPLES + i),
    );
    const stream = await paired(
      RANGE_SAMPLES,
      (i) => get('ours', i),
      (i) => get('web', i),
    );
    return { stream, streamNote: `one real 5 MB WAV (bench/lib/audioFile.ts) added after the rest, the seeded songs having no files` };
  } finally {
    agents.ours.destroy();
    agents.web.destroy();
  }
}

function pairFigures(name: string, what: string, p: Paired, budget: boolean, note: string): Figure[] {
  const ref = (value: number) => ({ value, what });
  const p95 = { reference: ref(p.reference.p95), ratio: p.ours.p95 / p.reference.p95 };
  const p50 = { reference: ref(p.reference.p50), ratio: p.ours.p50 / p.reference.p50 };
  return [
    budget ? atMost(`${name} p95`, 'ms', p.ours.p95, P95_BUDGET_MS, { ...p95, note }) : info(`${name} p95`, 'ms', p.ours.p95, { ...p95, note }),
    info(`${name} p50`, 'ms', p.ours.p50, p50),
  ];
}

function figures(m: Measured): Figure[] {
  const syncMs = median(m.sync.map((r) => r.ms));
  const webMs = median(m.webSync.map((r) => r.ms));
  const complete = m.sync.every((r) => r.distinct === SHAPE.songs && r.received === SHAPE.songs);
  const first = m.sync[0];
  const syncFigure = atMost('full sync: search3 query "" by 500 songs until a short page', 's', syncMs / 1000, SYNC_BUDGET_S, {
    reference: { value: webMs / 1000, what: `GET /api/songs by ${WEB_PAGE}, cursor pages` },
    ratio: syncMs / webMs,
    note: `median of ${SYNC_RUNS} syncs (${m.sync.map((r) => round(r.ms / 1000)).join(', ')} s; web ${m.webSync.map((r) => round(r.ms / 1000)).join(', ')} s), ${first.pages} pages; every sync ${complete ? `returned each of the ${SHAPE.songs.toLocaleString('en-US')} songs exactly once` : `WAS INCOMPLETE: ${m.sync.map((r) => `${r.received} received, ${r.distinct} distinct`).join('; ')}`}; page times from the first to the last (offset ${(first.pages - 1) * 500}): ${first.pageMs.map((ms) => round(ms)).join(', ')} ms`,
  });
  if (!complete) syncFigure.met = false;
  const out: Figure[] = [syncFigure];
  out.push(
    ...pairFigures(
      `getAlbumList2 alphabeticalByName size=${LIST_SIZE}`,
      `the same ${LIST_SIZE} albums from GET /api/albums?sort=name, pages of ${WEB_PAGE}`,
      m.list,
      false,
      `no budget of its own (the albums API's 25 ms is for its pages of at most ${WEB_PAGE}); ${m.list.ours.count} calls at offsets ${LIST_OFFSETS[0]}–${LIST_OFFSETS.at(-1)}; the web API needs 3 requests for 500 albums (limit ≤ ${WEB_PAGE}), timed together; ${m.listSameOrder ? 'both sides listed the same albums in the same order' : 'THE TWO SIDES LISTED DIFFERENT ALBUMS OR ORDER'}`,
    ),
    ...pairFigures('getAlbum', 'GET /api/albums/:id', m.album, true, `${m.album.ours.count} random albums of 10 songs`),
    ...pairFigures(
      'getArtists',
      `GET /api/artists, every page of ${WEB_PAGE}`,
      m.artists,
      false,
      `${m.artists.ours.count} calls; all ${m.artistCounts.ours} artists in one answer against ${m.artistCounts.web} in 2 web pages; no budget of its own`,
    ),
    ...pairFigures(
      'search3 three-letter query',
      'GET /api/search?q=',
      m.search,
      true,
      `${m.search.ours.count} calls cycling through ${m.searchTerms.length} terms (${m.searchTerms.slice(0, 6).join(', ')}, …), artistCount=albumCount=songCount=${SEARCH_COUNT} as the web search shows ${SEARCH_COUNT} of each`,
    ),
  );
  if (m.stream) out.push(...pairFigures('/rest/stream 1 MiB range', '/api/songs/stream/:id, same range', m.stream, false, m.streamNote));
  return out;
}

export const subsonicPart: Part = {
  name: 'subsonic',
  title: 'Subsonic: /rest full sync, album lists, albums, artists and search over 10,000 songs, beside the web API',
  limitSeconds: 240,
  async run(ctx) {
    const server = await startBenchServer();
    let m: Measured;
    try {
      m = await measure(ctx, server);
    } finally {
      await server.stop();
    }
    return {
      method: `${SHAPE.songs.toLocaleString('en-US')} generated songs on ${SHAPE.albums.toLocaleString('en-US')} albums by ${SHAPE.artists} artists (bench/subsonic/library.ts; album_id, album, album artist, artists[], track numbers, genres as a scan writes them; seeded in ${round(m.seeded.ms / 1000)} s) in a temporary PGlite, the app in its own process (bench/lib/benchServer.ts). A user signs in to /rest with an API key made through POST /api/subsonic/keys, f=json; the web side uses the same user's bearer token. Every call is one request at a time over its side's own keep-alive connection, Subsonic and web alternating (which goes first alternates too), timed to the last byte. Full sync as Symfonium does it: search3 query="" songCount=500 at songOffset 0, 500, … (artistCount and albumCount left at their default on the first page, 0 after) until a page comes back short; the reference walks GET /api/songs?limit=${WEB_PAGE} by cursor. getAlbumList2 alphabeticalByName size=${LIST_SIZE} at offsets ${LIST_OFFSETS[0]}–${LIST_OFFSETS.at(-1)} against the same albums through GET /api/albums?sort=name (3 pages, since the web caps a page at ${WEB_PAGE}); getAlbum of random albums against GET /api/albums/:id; getArtists against every page of GET /api/artists; search3 for three-letter terms against GET /api/search?q=. Warm-up calls go before each series. No Subsonic budget in DESIGN.md: the albums API's p95 ≤ ${P95_BUDGET_MS} ms stands for lists, albums and search, and a full sync ≤ ${SYNC_BUDGET_S} s.`,
      figures: figures(m),
      details: { seeded: m.seeded, sync: m.sync, webSync: m.webSync, list: m.list, album: m.album, artists: m.artists, search: m.search, stream: m.stream },
    };
  },
};
