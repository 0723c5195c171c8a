/**
 * One engine's footprint: the compiled server on a fresh DATA_DIR (and, for PostgreSQL, a fresh
 * database) at idle after its first start and after a restart, through a first scan of the
 * generated 10,000 files, at idle with that library; then, on a second DATA_DIR seeded as the
 * mixed part seeds it, under the mixed part's 100 users.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchContext } from '../lib/part';
import { createScratchDatabase, startBenchServer } from '../lib/serverHandle';
import { prepareMixed, startMixedLoad } from '../mixed/load';
import { DURATION_MS, SKIPS_AT_MS, SOCKETS } from '../mixed/run';
import type { WorkerResult } from '../mixed/protocol';
import type { ScanResult } from '../../src/contract/library';
import { adminToken, startCompiled, type CompiledServer } from './compiled';
import { idleRss, sampleRss, type RssWindow } from './memory';

export const MIXED_USERS = 100;

export type Engine = 'embedded' | 'PostgreSQL';

export interface Idle {
  startMs: number;
  startPeakMb: number;
  idle: RssWindow;
}

export interface EngineFootprint {
  engine: Engine;
  /** the environment's difference from a bare `npm start`, e.g. `MALLOC_ARENA_MAX=2` (as the container image runs) */
  variant?: string;
  firstStart: Idle;
  restart: Idle;
  scan: { peak: RssWindow; ms: number; counters: ScanResult['counters'] };
  library: Idle;
  mixed: { peak: RssWindow; before: RssWindow; load: WorkerResult };
}

async function measureIdle(dataDir: string, env: Record<string, string>): Promise<Idle> {
  const server = await startCompiled(dataDir, env);
  try {
    return { startMs: server.startMs, startPeakMb: server.startRss.peakMb, idle: await idleRss(server.pid) };
  } finally {
    await server.stop();
  }
}

async function waitForScan(server: CompiledServer, token: string): Promise<ScanResult> {
  for (;;) {
    const res = await fetch(`${server.baseUrl}/api/library/scan`, { headers: { authorization: `Bearer ${token}` } });
    const status = (await res.json()) as { running: boolean; lastResult: ScanResult | null };
    if (!res.ok) throw new Error(`GET /api/library/scan answered ${res.status}`);
    if (!status.running && status.lastResult) return status.lastResult;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A start with MUSIC_DIR set: the server scans it in the background from its start (as `npm start`); RSS every 100 ms to the scan's end. */
async function measureScan(dataDir: string, env: Record<string, string>, musicDir: string): Promise<EngineFootprint['scan']> {
  const server = await startCompiled(dataDir, { ...env, MUSIC_DIR: musicDir, MUSIC_WATCH: 'off' });
  try {
    const sampler = sampleRss(server.pid);
    const started = performance.now();
    const result = await waitForScan(server, await adminToken(server.baseUrl));
    const peak = sampler.stop();
    if (result.outcome !== 'completed') throw new Error(`the scan ended ${result.outcome}: ${result.error}`);
    return { peak, ms: performance.now() - started, counters: result.counters };
  } finally {
    await server.stop();
  }
}

/** Seeds a DATA_DIR (and database) through the bench server as the mixed part does, then loads the compiled server on it. */
async function measureMixed(ctx: BenchContext, dataDir: string, env: Record<string, string>): Promise<EngineFootprint['mixed']> {
  const seeding = await startBenchServer({
    dataDir,
    env: { BENCH_PGLITE_ON_DISK: '1', BENCH_PGLITE_THREAD: '', BENCH_TRUST_PROXY: '127.0.0.1', BENCH_DATABASE_URL: env.DATABASE_URL ?? '' },
  });
  const listeners = SOCKETS - MIXED_USERS;
  const fixture = await prepareMixed(seeding, { users: MIXED_USERS, listeners, log: ctx.log }).finally(() => seeding.stop());
  const server = await startCompiled(dataDir, { ...env, TRUST_PROXY: '127.0.0.1' });
  try {
    const before = await idleRss(server.pid, 2_000, 1_000);
    ctx.log(`footprint: ${MIXED_USERS} users for ${DURATION_MS / 1000} s, ${SOCKETS} radio sockets`);
    const sampler = sampleRss(server.pid);
    const load = startMixedLoad(server, fixture, { users: MIXED_USERS, listeners, durationMs: DURATION_MS, skipsAtMs: SKIPS_AT_MS });
    let result: WorkerResult;
    try {
      result = await load.finished;
    } catch (error) {
      sampler.stop();
      throw error;
    }
    return { peak: sampler.stop(), before, load: result };
  } finally {
    await server.stop();
  }
}

export async function measureEngine(ctx: BenchContext, engine: Engine, musicDir: string, extraEnv: Record<string, string> = {}): Promise<EngineFootprint> {
  const variant = Object.entries(extraEnv)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  const dirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'wavelength-bench-footprint-')));
  const databases = engine === 'PostgreSQL' ? await Promise.all(dirs.map(() => createScratchDatabase(ctx.databaseUrl!))) : [];
  const envOf = (i: number): Record<string, string> => ({ ...extraEnv, ...(databases[i] ? { DATABASE_URL: databases[i].url } : {}) });
  const log = (m: string) => ctx.log(`footprint (${engine}${variant ? `, ${variant}` : ''}): ${m}`);
  try {
    log('first start on a fresh DATA_DIR');
    const firstStart = await measureIdle(dirs[0], envOf(0));
    log('restart');
    const restart = await measureIdle(dirs[0], envOf(0));
    log('first scan of 10,000 files (MUSIC_DIR)');
    const scan = await measureScan(dirs[0], envOf(0), musicDir);
    log('restart with the library');
    const library = await measureIdle(dirs[0], envOf(0));
    log('mixed load: seeding a second DATA_DIR');
    const mixed = await measureMixed(ctx, dirs[1], envOf(1));
    return { engine, ...(variant ? { variant } : {}), firstStart, restart, scan, library, mixed };
  } finally {
    await Promise.all(databases.map((d) => d.drop().catch(() => undefined)));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
