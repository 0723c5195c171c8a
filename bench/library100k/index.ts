import { mkdirSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { BenchContext, Part } from '../lib/part';
import { atLeast, atMost, info, type Figure } from '../lib/report';
import { OUT_DIR } from '../lib/paths';
import type { BenchServer } from '../lib/serverHandle';
import { timedGet } from '../lib/http';
import { round, summarize, type Summary } from '../lib/stats';
import { albumsLatency, residentMemory, type AlbumsLatency } from '../scan/measure';
import { startScanServer } from '../scan/scanServer';
import { makeTemplates } from '../scan/templates';
import { writeTree, type GeneratedTree, type TreeShape } from '../scan/tree';
import { verifySamples } from '../scan/verify';
import { createApiKey, sides } from '../subsonic/client';
import { measureSync, SYNC_PAGE, type SyncRun } from '../subsonic/sync';
import type { ScanResult } from '../../src/contract/library';

/** 100,000 files: ten times the scan part's tree (10,000 albums by 3,000 artists) */
const SHAPE: TreeShape = { albums: 10_000, artists: 3_000 };
const FILES = 100_000;
/** issue 31: the budgets of a library of 100,000 files */
const BUDGET = { filesPerSecond: 500, rescanS: 20, albumsP95Ms: 25, searchP95Ms: 25, syncS: 30 };
/** the tree is about 1.6 GB; refuse to start below this much free space in the temporary folder */
const NEEDS_FREE_GB = 6;
const ALBUM_ROUNDS = 25;
const ALBUM_WARMUP = 3;
/** words of the tree's titles, albums and artists (bench/scan/tree.ts), whole and as 3-letter prefixes */
const SEARCH_TERMS = ['mid', 'sto', 'caf', 'rai', 'har', 'wol', 'Midnight', 'Café', 'Über', 'Lanterns', 'Golden Harbor', 'Rain road'];
const SEARCH_ROUNDS = 10;
/** a sync still running after this long is stopped and its time projected from the pages done (4× the budget) */
const SYNC_LIMIT_MS = 120_000;

type Scanned = { ms: number; result: ScanResult };

interface EngineRun {
  engine: string;
  first: { ms: number; counters: ScanResult['counters']; skipped: number; rssBeforeMb: number; peakMb: number };
  rescan: { ms: number; counters: ScanResult['counters'] };
  library: { songs: number; albums: number; artists: number };
  albums: AlbumsLatency;
  search: Summary;
  sync: SyncRun;
  idleMb: number;
  profile?: string;
}

async function searchLatency(server: BenchServer, token: string): Promise<Summary> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const headers = { authorization: `Bearer ${token}` };
  const samples: number[] = [];
  try {
    for (let round = 0; round <= SEARCH_ROUNDS; round += 1) {
      for (const term of SEARCH_TERMS) {
        const got = await timedGet(`${server.baseUrl}/api/songs?search=${encodeURIComponent(term)}`, { agent, headers });
        if (got.status !== 200) throw new Error(`GET /api/songs?search=${term} answered ${got.status}`);
        if (round > 0) samples.push(got.totalMs);
      }
    }
  } finally {
    agent.destroy();
  }
  return summarize(samples);
}

async function runEngine(ctx: BenchContext, engine: 'PGlite' | 'PostgreSQL', musicDir: string): Promise<EngineRun> {
  const { server, boot, close } = await startScanServer(ctx, engine, musicDir, '100k');
  try {
    const rssBeforeMb = boot.rssMb;
    ctx.log(`library100k (${engine}): first scan of ${FILES.toLocaleString('en-US')} files`);
    let profile: string | undefined;
    if (ctx.profile) await server.call({ cmd: 'profileStart' });
    const first = await server.call<Scanned>({ cmd: 'scan' });
    if (ctx.profile) profile = await server.call<string>({ cmd: 'profileStop', file: path.join(OUT_DIR, 'profiles', `library100k-scan-${engine}.cpuprofile`) });
    const { peakMb } = residentMemory(server.pid);
    if (first.result.outcome !== 'completed') throw new Error(`first scan ${first.result.outcome}: ${first.result.error}`);
    ctx.log(`library100k (${engine}): first scan ${round(first.ms / 1000)} s`);
    const count = async (table: string) => Number((await server.call<{ n: string }[]>({ cmd: 'sql', text: `select count(*) as n from ${table}` }))[0].n);
    const library = { songs: await count("songs where source = 'scan'"), albums: await count('albums'), artists: await count('artists') };

    ctx.log(`library100k (${engine}): unchanged rescan`);
    const rescan = await server.call<Scanned>({ cmd: 'scan' });
    ctx.log(`library100k (${engine}): rescan ${round(rescan.ms / 1000)} s`);

    const user = await server.user();
    ctx.log(`library100k (${engine}): GET /api/albums, GET /api/songs?search=`);
    const albums = await albumsLatency(server, user.token, ALBUM_ROUNDS, ALBUM_WARMUP);
    ctx.log(`library100k (${engine}): albums p95 ${round(albums.all.p95)} ms`);
    const search = await searchLatency(server, user.token);
    ctx.log(`library100k (${engine}): search p95 ${round(search.p95)} ms`);

    ctx.log(`library100k (${engine}): Subsonic full sync by search3 query ""`);
    const apiKey = await createApiKey(server.baseUrl, user.token, user.password);
    const s = sides(server.baseUrl, apiKey, user.token);
    let sync: SyncRun;
    try {
      sync = await measureSync(s, 'subsonic', SYNC_LIMIT_MS);
    } finally {
      s.close();
    }
    ctx.log(`library100k (${engine}): sync ${round(sync.ms / 1000)} s, ${sync.received} songs${sync.stopped ? ' (stopped)' : ''}`);
    await server.call({ cmd: 'memory' });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const idleMb = residentMemory(server.pid).rssMb;
    return {
      engine,
      first: { ms: first.ms, counters: first.result.counters, skipped: first.result.skippedTotal, rssBeforeMb, peakMb },
      rescan: { ms: rescan.ms, counters: rescan.result.counters },
      library,
      albums,
      search,
      sync,
      idleMb,
      profile,
    };
  } finally {
    await close();
  }
}

/** A stopped sync's time at its own pace: pages grow slower with the offset, so this is a lower bound. */
function syncSeconds(sync: SyncRun): number {
  return sync.stopped ? (sync.ms / 1000) * (FILES / Math.max(1, sync.received)) : sync.ms / 1000;
}

function figures(run: EngineRun, tree: GeneratedTree): Figure[] {
  const { engine, first, rescan, library, albums, search, sync } = run;
  const rescanClean = rescan.counters.tagsRead === 0 && rescan.counters.rowsWritten === 0;
  const grouped = library.songs === FILES && library.albums === tree.albums && library.artists === tree.artists;
  const complete = sync.distinct === FILES && sync.received === FILES;
  const n = FILES.toLocaleString('en-US');
  return [
    atLeast(`first scan of ${n} files (${engine})`, 'files/s', FILES / (first.ms / 1000), BUDGET.filesPerSecond, {
      note: `${round(first.ms / 1000)} s; added ${first.counters.added}, failed ${first.counters.failed}, skipped ${first.skipped}; library after it: ${library.songs} songs, ${library.albums} albums (generated ${tree.albums}), ${library.artists} artists (expected ${tree.artists})${grouped ? '' : ': GROUPING DIFFERS'}`,
    }),
    atMost(`unchanged rescan of ${n} files (${engine})`, 's', rescan.ms / 1000, BUDGET.rescanS, {
      note: `${rescan.counters.unchanged} unchanged, ${rescan.counters.tagsRead} tags read, ${rescan.counters.rowsWritten} rows written${rescanClean ? '' : ': NOT INCREMENTAL'}`,
      ...(rescanClean ? {} : { met: false }),
    }),
    atMost(`GET /api/albums p95 over ${tree.albums.toLocaleString('en-US')} albums (${engine})`, 'ms', albums.all.p95, BUDGET.albumsP95Ms, {
      note: `${albums.all.count} requests (four sorts, first page and the next), p50 ${round(albums.all.p50)} ms; p95 by sort: ${Object.entries(albums.bySort)
        .map(([sort, s]) => `${sort} ${round(s.p95)} ms`)
        .join(', ')}${albums.non200 ? `; ${albums.non200} answers not 200` : ''}`,
      ...(albums.non200 ? { met: false } : {}),
    }),
    atMost(`GET /api/songs?search= p95 over ${n} songs (${engine})`, 'ms', search.p95, BUDGET.searchP95Ms, {
      note: `${search.count} requests one at a time, ${SEARCH_TERMS.length} terms (${SEARCH_TERMS.join(', ')}), p50 ${round(search.p50)} ms, max ${round(search.max)} ms`,
    }),
    Object.assign(
      atMost(`Subsonic full sync of ${n} songs by search3 query "" (${engine})`, 's', syncSeconds(sync), BUDGET.syncS, {
        note: `${sync.stopped ? `STOPPED after ${round(sync.ms / 1000)} s at ${sync.received.toLocaleString('en-US')} songs; the figure projects that pace over the whole library (${FILES / SYNC_PAGE} pages); ` : ''}${sync.pages} pages of ${SYNC_PAGE}; ${complete ? 'every song exactly once' : `${sync.received} received, ${sync.distinct} distinct`}; first page ${round(sync.pageMs[0])} ms, last ${round(sync.pageMs.at(-1)!)} ms, slowest ${round(Math.max(...sync.pageMs))} ms`,
      }),
      complete ? {} : { met: false },
    ),
    info(`server peak RSS through the first scan (${engine})`, 'MB', first.peakMb, {
      note: `VmHWM reset when the scan starts; ${round(first.rssBeforeMb)} MB before it`,
    }),
    info(`server RSS idle after the runs (${engine})`, 'MB', run.idleMb, { note: 'VmRSS 2 s after a full garbage collection, the library loaded' }),
  ];
}

export const library100kPart: Part = {
  name: 'library100k',
  title: 'A library of 100,000 files: scan, rescan, albums, search, Subsonic sync, memory',
  limitSeconds: 3_600,
  async run(ctx) {
    const freeGb = (() => {
      const s = statfsSync(os.tmpdir());
      return (s.bavail * s.bsize) / 1e9;
    })();
    if (freeGb < NEEDS_FREE_GB) throw new Error(`${round(freeGb)} GB free in ${os.tmpdir()}, the 100,000-file tree needs ${NEEDS_FREE_GB}`);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wavelength-bench-100k-'));
    try {
      const musicDir = path.join(dir, 'music');
      const templateDir = path.join(dir, 'templates');
      mkdirSync(musicDir);
      mkdirSync(templateDir);
      ctx.log(`library100k: generating ${FILES.toLocaleString('en-US')} tagged files`);
      const t0 = performance.now();
      const templates = await makeTemplates(templateDir);
      const tree = await writeTree(musicDir, templates, SHAPE);
      const generatedS = (performance.now() - t0) / 1000;
      ctx.log(`library100k: generated in ${round(generatedS)} s`);
      const checked = await verifySamples(tree);
      // LIBRARY100K_ONLY=embedded or =pg: one database (the whole part takes 15-40 minutes here)
      const only = process.env.LIBRARY100K_ONLY;
      const runs: EngineRun[] = [];
      if (only !== 'pg') runs.push(await runEngine(ctx, 'PGlite', musicDir));
      if (ctx.databaseUrl && only !== 'embedded') runs.push(await runEngine(ctx, 'PostgreSQL', musicDir));
      return {
        method: `The scan part's generator (bench/scan/tree.ts) at ten times its size: ${FILES.toLocaleString('en-US')} tagged files (${tree.mp3.toLocaleString('en-US')} MP3, ${tree.flac.toLocaleString('en-US')} FLAC; ${round(tree.bytes / 1e9)} GB, written in ${round(generatedS)} s) in ${tree.albums.toLocaleString('en-US')} album folders by ${SHAPE.artists.toLocaleString('en-US')} artists (${tree.compilations} compilations, ${tree.multiDisc} with two discs), each file an ffmpeg template tone with real ID3v2.4 or Vorbis tags and a distinct cover per album written in front (bench/scan/tagWriters.ts); a sample (${checked}) read back with music-metadata. The app in its own process (bench/lib/benchServer.ts), PGlite on disk started a second time on its data folder, and PostgreSQL on a scratch database when DATABASE_URL is set; each scan timed inside that process. Then an unchanged rescan; GET /api/albums (four sorts, first page and the next, ${ALBUM_ROUNDS} rounds after ${ALBUM_WARMUP} of warm-up) and GET /api/songs?search= (${SEARCH_TERMS.length} terms × ${SEARCH_ROUNDS} rounds after one of warm-up), one request at a time over one keep-alive connection; a Subsonic full sync as Symfonium does it (search3 query="" by ${SYNC_PAGE} songs until a short page, API key). Peak RSS is VmHWM reset at the first scan; idle RSS after a full GC at the end. Opt-in (\`--only library100k\`): about 1.6 GB in the temporary folder, removed at the end; loopback only.`,
        figures: runs.flatMap((run) => figures(run, tree)),
        details: {
          tree: { ...tree, samples: undefined },
          generatedS,
          ...Object.fromEntries(runs.map((r) => [r.engine, { ...r, sync: { ...r.sync, pageMs: r.sync.pageMs.map(round) } }])),
        },
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
