import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchContext, Part } from '../lib/part';
import { info, type Figure } from '../lib/report';
import { startBenchServer, type BenchServer } from '../lib/serverHandle';
import { round, summarize, type Summary } from '../lib/stats';
import { runTool } from '../lib/tools';
import { resetPeakMemory } from '../scan/measure';
import { makeTemplates } from '../scan/templates';
import { SCAN_SHAPE, writeTree } from '../scan/tree';
import { createApiKey } from '../subsonic/client';
import type { ScanResult } from '../../src/contract/library';
import { createRng } from '../../src/server/library/demo/random';
import { memoryOf, peakMemoryWhileRunning } from './memory';
import { restClient, type Rest } from './rest';
import { addUserAndFolder, ensureSupysonic, scanFolder, startServer, SUPYSONIC_USER, writeConfig, type SupysonicServer } from './supysonic';

/** PEER_ALBUMS=50 for a quick check of the part (500 files); the measured run uses the scan part's 1,000 */
const SHAPE = { ...SCAN_SHAPE, albums: Number(process.env.PEER_ALBUMS) || SCAN_SHAPE.albums };
const TRACKS = SHAPE.albums * 10;
const FILES = TRACKS + 1;
const LIST_SIZE = 500;
const LIST_OFFSETS = Array.from({ length: 11 }, (_, i) => i * 50);
const LIST_ROUNDS = 2;
const ALBUM_SAMPLES = 120;
const SEARCH_SAMPLES = 120;
const SEARCH_COUNT = 20;
/** 3-letter starts of the tree's title, album and artist words (bench/scan/tree.ts) */
const SEARCH_TERMS = ['mid', 'mor', 'sto', 'caf', 'sum', 'rai', 'hea', 'oce', 'dre', 'wal', 'gol', 'har', 'lan', 'wol', 'neo', 'ech'];
const RANGE_BYTES = 1024 * 1024;
const RANGE_SAMPLES = 40;
const RANGE_TITLE = 'Peer range tone';

interface Paired {
  ours: Summary;
  peer: Summary;
}

/** n calls of each side, alternating which goes first, so a busy moment of the machine falls on both. */
async function paired(n: number, ours: (i: number) => Promise<number>, peer: (i: number) => Promise<number>): Promise<Paired> {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < n; i += 1) {
    if (i % 2) {
      b.push(await peer(i));
      a.push(await ours(i));
    } else {
      a.push(await ours(i));
      b.push(await peer(i));
    }
  }
  return { ours: summarize(a), peer: summarize(b) };
}

/** A 4.8 MB MP3 (2 minutes at 320 kbit/s, tagged by ffmpeg) in the tree, for the ranges: the generated files are a few KB. */
async function writeRangeFile(musicDir: string): Promise<number> {
  const file = path.join(musicDir, 'Peer Bench', 'Range Tone', `01 - ${RANGE_TITLE}.mp3`);
  mkdirSync(path.dirname(file), { recursive: true });
  const tags = ['title', RANGE_TITLE, 'artist', 'Peer Bench', 'album', 'Range Tone', 'track', '1'];
  const metadata = tags.flatMap((v, i) => (i % 2 ? [] : ['-metadata', `${v}=${tags[i + 1]}`]));
  await runTool('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=220:duration=120',
    '-ac',
    '2',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '320k',
    ...metadata,
    file,
  ]);
  return statSync(file).size;
}

type AlbumList2 = { albumList2: { album?: { id: string; name: string }[] } };
type Search3 = { searchResult3: { song?: { id: string; title: string }[] } };

async function allAlbums(rest: Rest): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += LIST_SIZE) {
    const page = await rest.call<AlbumList2>('getAlbumList2', { type: 'alphabeticalByName', size: LIST_SIZE, offset });
    const albums = page.body.albumList2.album ?? [];
    ids.push(...albums.map((a) => a.id));
    if (albums.length < LIST_SIZE) return ids;
  }
}

async function rangeSongId(rest: Rest): Promise<string> {
  const found = await rest.call<Search3>('search3', { query: RANGE_TITLE, songCount: 1, albumCount: 0, artistCount: 0 });
  const id = found.body.searchResult3.song?.[0]?.id;
  if (!id) throw new Error(`${rest.name}: search3 did not find "${RANGE_TITLE}"`);
  return id;
}

interface Measured {
  versions: { supysonic: string };
  scan: { oursMs: number; peerMs: number; oursPeakMb: number; peerPeakMb: number; oursCounters: ScanResult['counters']; peerOutput: string };
  albums: { ours: number; peer: number };
  idleBefore: { ours: number; peer: number };
  idleAfter: { ours: number; peer: number };
  servingPeak: { ours: number; peer: number };
  list: Paired;
  album: Paired;
  search: Paired;
  stream: Paired;
  rangeFileBytes: number;
  emptyQuerySongs: { ours: number; peer: number };
}

/** each figure into the log as it comes: the part is long, and a run stopped at its limit keeps what it measured */
function logPair(ctx: BenchContext, name: string, p: Paired): void {
  ctx.log(`peer: ${name} p95 ${round(p.ours.p95)} ms, supysonic ${round(p.peer.p95)} ms (p50 ${round(p.ours.p50)} / ${round(p.peer.p50)} ms)`);
}

async function measureQueries(ctx: BenchContext, ours: Rest, peer: Rest, rangeFileBytes: number) {
  ctx.log(`peer: getAlbumList2 alphabeticalByName size=${LIST_SIZE} at ${LIST_OFFSETS.length} offsets`);
  const offsetOf = (i: number) => LIST_OFFSETS[i % LIST_OFFSETS.length];
  const listCall = (rest: Rest) => async (i: number) =>
    (await rest.call('getAlbumList2', { type: 'alphabeticalByName', size: LIST_SIZE, offset: offsetOf(i) })).ms;
  await paired(LIST_OFFSETS.length, listCall(ours), listCall(peer));
  const list = await paired(LIST_OFFSETS.length * LIST_ROUNDS, listCall(ours), listCall(peer));
  logPair(ctx, 'getAlbumList2', list);

  ctx.log(`peer: getAlbum, ${ALBUM_SAMPLES} random albums (the same place in each side's name order)`);
  const ids = { ours: await allAlbums(ours), peer: await allAlbums(peer) };
  const random = createRng(5);
  const picks = Array.from({ length: ALBUM_SAMPLES + 20 }, () => random());
  const albumCall = (rest: Rest, list: string[]) => async (i: number) => (await rest.call('getAlbum', { id: list[Math.floor(picks[i] * list.length)] })).ms;
  await paired(
    20,
    (i) => albumCall(ours, ids.ours)(ALBUM_SAMPLES + i),
    (i) => albumCall(peer, ids.peer)(ALBUM_SAMPLES + i),
  );
  const album = await paired(ALBUM_SAMPLES, albumCall(ours, ids.ours), albumCall(peer, ids.peer));
  logPair(ctx, 'getAlbum', album);

  ctx.log(`peer: search3 for ${SEARCH_TERMS.length} three-letter terms, ${SEARCH_COUNT} of each kind`);
  const searchCall = (rest: Rest) => async (i: number) =>
    (await rest.call('search3', { query: SEARCH_TERMS[i % SEARCH_TERMS.length], artistCount: SEARCH_COUNT, albumCount: SEARCH_COUNT, songCount: SEARCH_COUNT }))
      .ms;
  await paired(SEARCH_TERMS.length, searchCall(ours), searchCall(peer));
  const search = await paired(SEARCH_SAMPLES, searchCall(ours), searchCall(peer));
  logPair(ctx, 'search3', search);

  ctx.log(`peer: ${RANGE_SAMPLES} ranges of 1 MiB from /rest/stream`);
  const songs = { ours: await rangeSongId(ours), peer: await rangeSongId(peer) };
  const starts = Array.from({ length: RANGE_SAMPLES + 4 }, () => Math.floor(random() * (rangeFileBytes - RANGE_BYTES)));
  const rangeCall = (rest: Rest, id: string) => async (i: number) => (await rest.range(id, starts[i], RANGE_BYTES)).totalMs;
  await paired(
    4,
    (i) => rangeCall(ours, songs.ours)(RANGE_SAMPLES + i),
    (i) => rangeCall(peer, songs.peer)(RANGE_SAMPLES + i),
  );
  const stream = await paired(RANGE_SAMPLES, rangeCall(ours, songs.ours), rangeCall(peer, songs.peer));
  logPair(ctx, 'stream range', stream);

  // Symfonium's full sync (search3 query="" by pages) is a convention newer than supysonic 0.7
  const empty = async (rest: Rest) =>
    (await rest.call<Search3>('search3', { query: '""', songCount: 500, artistCount: 0, albumCount: 0 })).body.searchResult3.song?.length ?? 0;
  return {
    list,
    album,
    search,
    stream,
    albums: { ours: ids.ours.length, peer: ids.peer.length },
    emptyQuerySongs: { ours: await empty(ours), peer: await empty(peer) },
  };
}

async function measure(ctx: BenchContext, dir: string): Promise<Measured> {
  const version = await ensureSupysonic(ctx.log);
  const musicDir = path.join(dir, 'music');
  const templateDir = path.join(dir, 'templates');
  const supyDir = path.join(dir, 'supysonic');
  const dataDir = path.join(dir, 'wavelength');
  for (const d of [musicDir, templateDir, supyDir, dataDir]) mkdirSync(d);
  ctx.log(`peer: generating ${TRACKS.toLocaleString('en-US')} tagged files and one 4.8 MB MP3`);
  await writeTree(musicDir, await makeTemplates(templateDir), SHAPE);
  const rangeFileBytes = await writeRangeFile(musicDir);

  ctx.log(`peer: supysonic ${version}: first scan (supysonic-cli folder scan --foreground)`);
  writeConfig(supyDir);
  await addUserAndFolder(supyDir, musicDir);
  const peerScan = await scanFolder(supyDir);
  ctx.log(`peer: supysonic scanned in ${round(peerScan.ms / 1000)} s, peak ${round(peerScan.peakMb)} MB`);

  ctx.log('peer: Wavelength: first scan');
  const options = { env: { BENCH_MUSIC_DIR: musicDir, BENCH_PGLITE_ON_DISK: '1' }, dataDir };
  // as the scan part: create and migrate the database, then measure a server that has run before
  await (await startBenchServer(options)).stop();
  let server: BenchServer | null = null;
  let supysonic: SupysonicServer | null = null;
  const clients: Rest[] = [];
  try {
    server = await startBenchServer(options);
    resetPeakMemory(server.pid);
    const wlPid = server.pid;
    const oursScan = await server.call<{ ms: number; result: ScanResult }>({ cmd: 'scan' });
    const oursScanPeak = memoryOf(wlPid)!.peakMb;
    if (oursScan.result.outcome !== 'completed') throw new Error(`Wavelength's scan ${oursScan.result.outcome}: ${oursScan.result.error}`);
    ctx.log(`peer: Wavelength scanned in ${round(oursScan.ms / 1000)} s, peak ${round(oursScanPeak)} MB`);

    supysonic = await startServer(supyDir);
    const user = await server.user();
    const apiKey = await createApiKey(server.baseUrl, user.token, user.password);
    const ours = restClient('Wavelength', server.baseUrl, { apiKey });
    const peer = restClient('supysonic', supysonic.baseUrl, { u: SUPYSONIC_USER.name, p: SUPYSONIC_USER.password });
    clients.push(ours, peer);
    await ours.call('ping');
    await peer.call('ping');
    await server.call({ cmd: 'memory' });
    await new Promise((r) => setTimeout(r, 2_000));
    const idleBefore = { ours: memoryOf(wlPid)!.rssMb, peer: memoryOf(supysonic.pid)!.rssMb };
    ctx.log(`peer: idle RSS ${round(idleBefore.ours)} MB, supysonic ${round(idleBefore.peer)} MB`);
    resetPeakMemory(wlPid);
    resetPeakMemory(supysonic.pid);
    const peerPeak = peakMemoryWhileRunning(supysonic.pid);

    const q = await measureQueries(ctx, ours, peer, rangeFileBytes);

    const servingPeak = { ours: memoryOf(wlPid)!.peakMb, peer: Math.max(peerPeak.stop(), memoryOf(supysonic.pid)!.peakMb) };
    await server.call({ cmd: 'memory' });
    await new Promise((r) => setTimeout(r, 2_000));
    const idleAfter = { ours: memoryOf(wlPid)!.rssMb, peer: memoryOf(supysonic.pid)!.rssMb };
    return {
      versions: { supysonic: version },
      scan: {
        oursMs: oursScan.ms,
        peerMs: peerScan.ms,
        oursPeakMb: oursScanPeak,
        peerPeakMb: peerScan.peakMb,
        oursCounters: oursScan.result.counters,
        peerOutput: peerScan.output,
      },
      idleBefore,
      idleAfter,
      servingPeak,
      rangeFileBytes,
      ...q,
    };
  } finally {
    for (const c of clients) c.close();
    await supysonic?.stop();
    await server?.stop();
  }
}

function ratioFigure(name: string, unit: string, ours: number, peer: number, note: string): Figure {
  return info(name, unit, ours, { reference: { value: peer, what: 'supysonic, same tree, same run' }, ratio: ours / peer, note });
}

function pairFigures(name: string, p: Paired, note: string): Figure[] {
  return [
    ratioFigure(
      `${name} p95`,
      'ms',
      p.ours.p95,
      p.peer.p95,
      `${note}; p50 ${round(p.ours.p50)} ms against ${round(p.peer.p50)} ms (${round(p.ours.p50 / p.peer.p50)}×)`,
    ),
  ];
}

function figures(m: Measured): Figure[] {
  const n = FILES.toLocaleString('en-US');
  return [
    ratioFigure(
      `first scan of ${n} files`,
      's',
      m.scan.oursMs / 1000,
      m.scan.peerMs / 1000,
      `Wavelength ${round(FILES / (m.scan.oursMs / 1000))} files/s inside its server (added ${m.scan.oursCounters.added}, failed ${m.scan.oursCounters.failed}); supysonic ${round(FILES / (m.scan.peerMs / 1000))} files/s, supysonic-cli folder scan --foreground timed from outside, Python's start included (it printed: ${m.scan.peerOutput}); albums listed after: ${m.albums.ours} and ${m.albums.peer}`,
    ),
    ...pairFigures(
      `getAlbumList2 alphabeticalByName size=${LIST_SIZE}`,
      m.list,
      `${m.list.ours.count} calls each at offsets ${LIST_OFFSETS[0]}–${LIST_OFFSETS.at(-1)}`,
    ),
    ...pairFigures('getAlbum', m.album, `${m.album.ours.count} random albums, the same place in each side's name order`),
    ...pairFigures(
      'search3 three-letter query',
      m.search,
      `${m.search.ours.count} calls cycling through ${SEARCH_TERMS.length} terms (${SEARCH_TERMS.slice(0, 5).join(', ')}, …), ${SEARCH_COUNT} artists, albums and songs asked; a search3 query="" (a full sync as Symfonium does it) answered ${m.emptyQuerySongs.ours} songs on Wavelength, ${m.emptyQuerySongs.peer} on supysonic`,
    ),
    ...pairFigures(
      '/rest/stream 1 MiB range',
      m.stream,
      `${m.stream.ours.count} ranges at random offsets of one ${round(m.rangeFileBytes / 1e6)} MB MP3 in the tree, to the last byte`,
    ),
    ratioFigure(
      'server RSS idle, library scanned',
      'MB',
      m.idleBefore.ours,
      m.idleBefore.peer,
      `VmRSS of each server process 2 s after its first answers (Wavelength: after a full GC; PGlite in the same process); after all the requests: ${round(m.idleAfter.ours)} MB against ${round(m.idleAfter.peer)} MB`,
    ),
    ratioFigure(
      'peak RSS through the first scan',
      'MB',
      m.scan.oursPeakMb,
      m.scan.peerPeakMb,
      "Wavelength scans inside its server (VmHWM reset at the scan's start); supysonic's scanner is its CLI process (VmHWM sampled every 50 ms)",
    ),
    ratioFigure(
      'server peak RSS through the requests',
      'MB',
      m.servingPeak.ours,
      m.servingPeak.peer,
      'VmHWM of each server process, reset before the first measured request, read after the last range',
    ),
  ];
}

export const peerPart: Part = {
  name: 'peer',
  title: "A peer in the same run: Debian's supysonic beside Wavelength on one 10,000-file tree",
  limitSeconds: 2_700,
  async run(ctx) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wavelength-bench-peer-'));
    try {
      const m = await measure(ctx, dir);
      return {
        method: `Debian's supysonic ${m.versions.supysonic} (a Subsonic server in Python: Flask, Pony ORM over sqlite, mediafile for tags), installed with apt-get when missing together with python3-waitress, the WSGI server its supysonic-server runs on (default 4 threads); a supysonic.conf in its own temporary folder (sqlite database, no web UI, no watcher). Both servers get the same tree: the scan part's ${TRACKS.toLocaleString('en-US')} tagged MP3/FLAC files (bench/scan/tree.ts) and one ${round(m.rangeFileBytes / 1e6)} MB MP3 for the ranges. supysonic scans with \`supysonic-cli folder scan --foreground\`; Wavelength with its scanner inside its server (bench/lib/benchServer.ts, PGlite on disk, started once before to create the database, as the scan part does). The scans run one after the other, never together. Then both servers run side by side on loopback; every Subsonic call goes one at a time over each side's own keep-alive connection, the two sides alternating (which goes first alternates too), timed to the last byte; Wavelength signs in with an API key, supysonic with u/p (it has no API keys). Each figure is Wavelength's, the reference supysonic's, the ratio Wavelength ÷ supysonic (below 1: Wavelength is faster or smaller). Temporary folders are removed at the end.`,
        figures: figures(m),
        details: m as unknown as Record<string, unknown>,
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
