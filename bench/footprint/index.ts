/**
 * The footprint part: the resident memory of the compiled server (`node dist/server/index.js`, as
 * `npm start` runs it), embedded default and PostgreSQL side by side, against docs/budgets.md.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Part } from '../lib/part';
import { atMost, info, type Figure } from '../lib/report';
import { round } from '../lib/stats';
import { DURATION_MS, SKIPS_AT_MS, SOCKETS } from '../mixed/run';
import { makeTemplates } from '../scan/templates';
import { TRACKS, writeTree } from '../scan/tree';
import { buildServerIfStale, SERVER_ENTRY } from './compiled';
import { ROOT } from '../lib/paths';
import { measureEngine, MIXED_USERS, type EngineFootprint, type Idle } from './scenarios';

/** docs/budgets.md, in MB (MiB) of resident memory, the server and its children summed */
export const BUDGETS = { embeddedIdleMb: 250, postgresIdleMb: 120, embeddedScanPeakMb: 300, embeddedMixedPeakMb: 400 };

/** The container image and the systemd unit of docs/deploy.md start the server with it (docs/decisions/footprint.md). */
const AS_DEPLOYED = { MALLOC_ARENA_MAX: '2' };

const labelOf = (run: EngineFootprint) => (run.variant ? `${run.engine}, ${run.variant}` : run.engine);

function idleFigure(name: string, run: EngineFootprint, idle: Idle): Figure {
  const note = `mean of 2 s sampled every 100 ms, 3 s after the first 200 on /api/health (peak ${round(idle.idle.peakMb)} MB); start to that 200: ${round(idle.startMs)} ms, peaking at ${round(idle.startPeakMb)} MB on the way`;
  const label = `idle after ${name} (${labelOf(run)})`;
  return run.engine === 'embedded'
    ? atMost(label, 'MB', idle.idle.meanMb, BUDGETS.embeddedIdleMb, { note })
    : atMost(label, 'MB', idle.idle.meanMb, BUDGETS.postgresIdleMb, { note });
}

function engineFigures(run: EngineFootprint): Figure[] {
  const embedded = run.engine === 'embedded';
  const { scan, mixed } = run;
  const load = mixed.load.load;
  const scanNote = `from the first 200 to the scan's end (${round(scan.ms / 1000)} s, ${scan.counters.added} added, ${scan.counters.failed} failed), sampled every 100 ms (${scan.peak.samples} samples); mean ${round(scan.peak.meanMb)} MB`;
  const mixedNote = `${MIXED_USERS} users signing in then for ${DURATION_MS / 1000} s, ${SOCKETS} radio sockets (${load.requestsPerSecond.toFixed(0)} req/s, p99 ${round(load.overall.p99)} ms, ${load.errors} errors); ${round(mixed.before.meanMb)} MB before the load, mean ${round(mixed.peak.meanMb)} MB during it`;
  const startFigures = [run.firstStart, run.restart, run.library].map((idle, i) =>
    info(`start to first 200 on /api/health, ${['first start', 'restart', 'with the library'][i]} (${labelOf(run)})`, 'ms', idle.startMs),
  );
  return [
    idleFigure('the first start', run, run.firstStart),
    idleFigure('a restart', run, run.restart),
    idleFigure(`a restart with ${TRACKS.toLocaleString('en-US')} songs`, run, run.library),
    embedded
      ? atMost(`peak through the first scan of ${TRACKS.toLocaleString('en-US')} files (${labelOf(run)})`, 'MB', scan.peak.peakMb, BUDGETS.embeddedScanPeakMb, {
          note: scanNote,
        })
      : info(`peak through the first scan of ${TRACKS.toLocaleString('en-US')} files (PostgreSQL)`, 'MB', scan.peak.peakMb, { note: scanNote }),
    embedded
      ? atMost(`peak under the mixed load, ${MIXED_USERS} users (${labelOf(run)})`, 'MB', mixed.peak.peakMb, BUDGETS.embeddedMixedPeakMb, { note: mixedNote })
      : info(`peak under the mixed load, ${MIXED_USERS} users (PostgreSQL)`, 'MB', mixed.peak.peakMb, { note: mixedNote }),
    ...startFigures,
  ];
}

const METHOD = `The compiled server, built first when its sources are newer (scripts/build.mjs, as \`npm start\` does), runs as \`node dist/server/index.js\` in a process of its own (NODE_ENV=production, PORT=0 on loopback, LOG_LEVEL=warn, DEMO_LIBRARY=off, a JWT_SECRET and ADMIN_EMAIL/ADMIN_PASSWORD). Memory is the resident set (VmRSS from /proc) of the server process and every process below it, summed, sampled every 100 ms; MB here are MiB. Start time is from spawning the process to its first 200 on GET /api/health. Idle is the mean of 2 s of samples taken 3 s after that 200. On a fresh DATA_DIR (for PostgreSQL also a fresh database on DATABASE_URL's server): a first start, a restart, then a start with MUSIC_DIR set to the ${TRACKS.toLocaleString('en-US')} files the scan part generates (bench/scan/tree.ts) and MUSIC_WATCH off, whose background scan is followed on GET /api/library/scan and whose peak is over the scan to its end, then a restart without MUSIC_DIR, idle with that library. The mixed load runs on a second DATA_DIR (and database) seeded by the bench server as the mixed part seeds it (bench/mixed/load.ts: ${'10,000'} songs, accounts, suggestions, the radio on), then served by the compiled server (TRUST_PROXY=127.0.0.1) to the mixed part's simulated users (${MIXED_USERS} users, ${SOCKETS} radio sockets in all, ${DURATION_MS / 1000} s, skips at ${SKIPS_AT_MS.map((t) => t / 1000).join(', ')} s); the peak is from the first sign-in to the end. For PostgreSQL the figures are the app server's own memory: the PostgreSQL server's is not counted. The embedded default is measured twice: as a bare \`npm start\` runs it, and with MALLOC_ARENA_MAX=2 in its environment, as the container image and the systemd unit of docs/deploy.md start it. Budgets: docs/budgets.md.`;

export const footprintPart: Part = {
  name: 'footprint',
  title: 'Footprint: resident memory of the compiled server (idle, first scan, mixed load)',
  // per run: four starts (~30 s), the scan (~30-60 s), seeding and the mixed load (~80 s); three runs
  limitSeconds: 1200,
  async run(ctx) {
    if (SERVER_ENTRY === path.join(ROOT, 'dist/server/index.js')) await buildServerIfStale(ctx.log);
    else ctx.log(`footprint: measuring ${SERVER_ENTRY} (FOOTPRINT_SERVER)`);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wavelength-bench-footprint-music-'));
    try {
      const musicDir = path.join(dir, 'music');
      mkdirSync(musicDir);
      mkdirSync(path.join(dir, 'templates'));
      ctx.log(`footprint: generating ${TRACKS.toLocaleString('en-US')} tagged files`);
      await writeTree(musicDir, await makeTemplates(path.join(dir, 'templates')));
      const runs = [await measureEngine(ctx, 'embedded', musicDir), await measureEngine(ctx, 'embedded', musicDir, AS_DEPLOYED)];
      if (ctx.databaseUrl) runs.push(await measureEngine(ctx, 'PostgreSQL', musicDir));
      else ctx.log('footprint: DATABASE_URL is not set, so PostgreSQL is not measured');
      return {
        method: METHOD,
        figures: runs.flatMap(engineFigures),
        details: Object.fromEntries(runs.map((r) => [labelOf(r), { ...r, mixed: { ...r.mixed, load: r.mixed.load.load } }])),
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
