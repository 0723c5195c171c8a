import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { BenchContext, Part } from '../lib/part';
import { atLeast, atMost, info, type Figure } from '../lib/report';
import { round } from '../lib/stats';
import type { ScanResult } from '../../src/contract/library';
import { albumsLatency, ALBUM_SORTS, residentMemory, waitUntilSearchable, type AlbumsLatency } from './measure';
import { startScanServer } from './scanServer';
import { makeTemplates, type Templates } from './templates';
import { TRACKS, writeAddedFile, writeTree, type GeneratedTree } from './tree';
import { verifySamples } from './verify';

const BUDGET = { filesPerSecond: 300, rescanMs: 3_000, peakRssMb: 300, visibleMs: 10_000, albumsP95Ms: 25 };
const ALBUM_ROUNDS = 50;
const ALBUM_WARMUP = 5;

interface EngineRun {
  engine: string;
  first: { ms: number; counters: ScanResult['counters']; skipped: number; rssBeforeMb: number; bootPeakMb: number; peakMb: number };
  rescan: { ms: number; counters: ScanResult['counters'] };
  visibleMs: number;
  library: { songs: number; albums: number; artists: number };
  albums: AlbumsLatency;
}

type Scanned = { ms: number; result: ScanResult };

async function runEngine(ctx: BenchContext, engine: 'PGlite' | 'PostgreSQL', musicDir: string, templates: Templates): Promise<EngineRun> {
  const { server, boot, close } = await startScanServer(ctx, engine, musicDir, 'scan');
  try {
    const rssBeforeMb = boot.rssMb;
    ctx.log(`scan (${engine}): first scan of ${TRACKS.toLocaleString('en-US')} files`);
    const first = await server.call<Scanned>({ cmd: 'scan' });
    const { peakMb } = residentMemory(server.pid);
    if (first.result.outcome !== 'completed') throw new Error(`first scan ${first.result.outcome}: ${first.result.error}`);
    const count = async (table: string) => Number((await server.call<{ n: string }[]>({ cmd: 'sql', text: `select count(*) as n from ${table}` }))[0].n);
    const library = { songs: await count("songs where source = 'scan'"), albums: await count('albums'), artists: await count('artists') };

    ctx.log(`scan (${engine}): unchanged rescan`);
    const rescan = await server.call<Scanned>({ cmd: 'scan' });

    const user = await server.user();
    await server.call({ cmd: 'watch' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const word = `zephyrquokka${randomBytes(3).toString('hex')}`;
    ctx.log(`scan (${engine}): one added file until GET /api/songs?search= finds it`);
    const since = performance.now();
    const added = await writeAddedFile(musicDir, templates, word);
    const visibleMs = await waitUntilSearchable(server, user.token, word, since, 30_000);
    rmSync(path.dirname(added), { recursive: true, force: true });

    ctx.log(`scan (${engine}): GET /api/albums, ${ALBUM_SORTS.join(', ')}`);
    const albums = await albumsLatency(server, user.token, ALBUM_ROUNDS, ALBUM_WARMUP);
    return {
      engine,
      first: { ms: first.ms, counters: first.result.counters, skipped: first.result.skippedTotal, rssBeforeMb, bootPeakMb: boot.peakMb, peakMb },
      rescan: { ms: rescan.ms, counters: rescan.result.counters },
      visibleMs,
      library,
      albums,
    };
  } finally {
    await close();
  }
}

function figures(run: EngineRun, tree: GeneratedTree): Figure[] {
  const { engine, first, rescan, library, albums } = run;
  const filesPerSecond = TRACKS / (first.ms / 1000);
  const rescanClean = rescan.counters.tagsRead === 0 && rescan.counters.rowsWritten === 0;
  const groupedRight = library.songs === TRACKS && library.albums === tree.albums && library.artists === tree.artists;
  return [
    atLeast(`first scan of ${TRACKS.toLocaleString('en-US')} files (${engine})`, 'files/s', filesPerSecond, BUDGET.filesPerSecond, {
      note: `${round(first.ms / 1000)} s; added ${first.counters.added}, failed ${first.counters.failed}, skipped ${first.skipped}; library after it: ${library.songs} songs, ${library.albums} albums (generated ${tree.albums}), ${library.artists} artists (expected ${tree.artists})${groupedRight ? '' : ': GROUPING DIFFERS'}`,
    }),
    atMost(`server peak RSS through the first scan (${engine})`, 'MB', first.peakMb, BUDGET.peakRssMb, {
      note: `VmHWM of the server process, reset when the scan starts; ${round(first.rssBeforeMb)} MB resident before the scan (start-up peaked at ${round(first.bootPeakMb)} MB)`,
    }),
    atMost(`unchanged rescan of ${TRACKS.toLocaleString('en-US')} files (${engine})`, 'ms', rescan.ms, BUDGET.rescanMs, {
      note: `${rescan.counters.unchanged} unchanged, ${rescan.counters.tagsRead} tags read, ${rescan.counters.rowsWritten} rows written${rescanClean ? '' : ': NOT INCREMENTAL'}`,
      ...(rescanClean ? {} : { met: false }),
    }),
    atMost(`one added file until found by GET /api/songs?search= (${engine})`, 'ms', run.visibleMs, BUDGET.visibleMs, {
      note: 'from writing the file into the watched MUSIC_DIR (MUSIC_WATCH on) to the first search answer that lists it, polled every 50 ms',
    }),
    atMost(`GET /api/albums p95 (${engine})`, 'ms', albums.all.p95, BUDGET.albumsP95Ms, {
      note: `${albums.all.count} requests, p50 ${round(albums.all.p50)} ms, p99 ${round(albums.all.p99)} ms, max ${round(albums.all.max)} ms; p95 by sort: ${Object.entries(
        albums.bySort,
      )
        .map(([sort, s]) => `${sort} ${round(s.p95)} ms`)
        .join(', ')}${albums.non200 ? `; ${albums.non200} answers not 200` : ''}`,
      ...(albums.non200 ? { met: false } : {}),
    }),
    info(`GET /api/albums p50 (${engine})`, 'ms', albums.all.p50),
  ];
}

export const scanPart: Part = {
  name: 'scan',
  title: 'Library scan: 10,000 tagged files',
  limitSeconds: 600,
  async run(ctx) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wavelength-bench-scan-'));
    try {
      const musicDir = path.join(dir, 'music');
      const templateDir = path.join(dir, 'templates');
      mkdirSync(musicDir);
      mkdirSync(templateDir);
      ctx.log('scan: generating 10,000 tagged files');
      const t0 = performance.now();
      const templates = await makeTemplates(templateDir);
      const tree = await writeTree(musicDir, templates);
      const generatedS = (performance.now() - t0) / 1000;
      const checked = await verifySamples(tree);
      const runs = [await runEngine(ctx, 'PGlite', musicDir, templates)];
      if (ctx.databaseUrl) runs.push(await runEngine(ctx, 'PostgreSQL', musicDir, templates));
      return {
        method: `The bench writes ${TRACKS.toLocaleString('en-US')} tagged files (${tree.mp3.toLocaleString('en-US')} MP3, ${tree.flac.toLocaleString('en-US')} FLAC; ${round(tree.bytes / 1e6)} MB, ${round(generatedS)} s) into a temporary MUSIC_DIR: ${tree.albums.toLocaleString('en-US')} album folders by 300 artists, ${tree.multiDisc} of them with two discs and ${tree.compilations} compilations (one artist per track, no album artist, the compilation flag). ffmpeg makes four untagged tones per format (MP3 1 s at 32 kbit/s; FLAC 0.5 s at 8 kHz); the bench writes real tags in front of their frames (bench/scan/tagWriters.ts): an ID3v2.4 tag (TIT2, TPE1, TALB, TPE2, TRCK, TPOS, TDRC, TCON, TCMP, APIC) or FLAC VORBIS_COMMENT and PICTURE blocks, with a distinct 160 px JPEG cover per album. A sample (${checked}) is read back with music-metadata before the run. The app runs in its own process (bench/lib/benchServer.ts: buildApp, PGlite on disk in a temporary DATA_DIR as \`npm start\` keeps it, started once to create and migrate the database and then again on it, since a fresh PGlite keeps the memory of its initdb; PostgreSQL too when DATABASE_URL is set, a scratch database) with MUSIC_DIR set; each scan is started and timed inside that process (library.start() to whenIdle()). Peak RSS is the server process's VmHWM from /proc, reset (clear_refs) when the first scan starts and read when it ends; the resident size before the scan and the start-up peak are in the notes. Then an unchanged rescan; then the watcher is started (MUSIC_WATCH on) and one new MP3 in a new album folder is timed until GET /api/songs?search= lists it. Albums: GET /api/albums for sorts ${ALBUM_SORTS.join(', ')}, the first page (50 albums) and the page after it, one request at a time over one keep-alive connection, ${ALBUM_WARMUP} rounds of warm-up then ${ALBUM_ROUNDS} rounds. Temporary folders are removed at the end; loopback only.`,
        figures: runs.flatMap((run) => figures(run, tree)),
        details: { tree: { ...tree, samples: undefined }, ...Object.fromEntries(runs.map((r) => [r.engine, r])) },
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
