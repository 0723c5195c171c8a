/**
 * One arrangement of the mixed part: a fresh bench server, the library and accounts, then each
 * user count's load with the server's event-loop delay, its RSS and the radio skips measured
 * during it.
 */
import path from 'node:path';
import { summarizeProfile, type ProfileSummary } from '../lib/cpuprofile';
import type { BenchContext } from '../lib/part';
import { OUT_DIR } from '../lib/paths';
import { startBenchServer } from '../lib/serverHandle';
import { prepareMixed, residentMiB, startMixedLoad } from './load';
import type { WorkerResult } from './protocol';

export const USER_COUNTS = [100, 300] as const;
export const DURATION_MS = 30_000;
/** radio sockets open during each load: the users' own plus extra listeners */
export const SOCKETS = 500;
export const SKIPS_AT_MS = [10_000, 12_000, 14_000];
const RSS_SAMPLE_MS = 250;

export interface Arrangement {
  key: 'embedded' | 'main' | 'pg';
  label: string;
  env: Record<string, string>;
  databaseUrl?: string;
}

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  mean: number;
  count: number;
}

export interface PhaseResult {
  users: number;
  load: WorkerResult;
  loopDelay: LoopDelay;
  rssPeakMiB: number;
  rssBeforeMiB: number;
  /** with --profile: where the server's CPU went during the window */
  profile?: ProfileSummary;
}

export interface ArrangementResult {
  arrangement: Arrangement['key'];
  label: string;
  serverKind: string;
  phases: PhaseResult[];
}

export async function runArrangement(ctx: BenchContext, arrangement: Arrangement): Promise<ArrangementResult> {
  const log = (m: string) => ctx.log(`mixed ${arrangement.key}: ${m}`);
  // users tell their own address in X-Forwarded-For, as behind the install's reverse proxy, so the
  // per-address sign-in limit (100 a minute) sees 300 addresses rather than one
  const server = await startBenchServer({
    databaseUrl: arrangement.databaseUrl,
    env: { BENCH_TRUST_PROXY: '127.0.0.1', ...arrangement.env },
  });
  try {
    const most = Math.max(...USER_COUNTS);
    const fixture = await prepareMixed(server, { users: most, listeners: SOCKETS - Math.min(...USER_COUNTS), log });
    const phases: PhaseResult[] = [];
    for (const users of USER_COUNTS) {
      log(`${users} users for ${DURATION_MS / 1000} s, ${SOCKETS} radio sockets, ${SKIPS_AT_MS.length} skips`);
      const rssBeforeMiB = residentMiB(server.pid);
      const load = startMixedLoad(server, fixture, { users, listeners: SOCKETS - users, durationMs: DURATION_MS, skipsAtMs: SKIPS_AT_MS });
      await load.started;
      await server.call({ cmd: 'loopDelayStart' });
      if (ctx.profile) await server.call({ cmd: 'profileStart' });
      let rssPeakMiB = residentMiB(server.pid);
      const sampler = setInterval(() => (rssPeakMiB = Math.max(rssPeakMiB, residentMiB(server.pid))), RSS_SAMPLE_MS);
      let result: WorkerResult;
      try {
        result = await load.finished;
      } finally {
        clearInterval(sampler);
      }
      const loopDelay = await server.call<LoopDelay>({ cmd: 'loopDelayStop' });
      let profile: ProfileSummary | undefined;
      if (ctx.profile) {
        const file = path.join(OUT_DIR, 'profiles', `mixed-${arrangement.key}-${users}.cpuprofile`);
        profile = summarizeProfile(await server.call<string>({ cmd: 'profileStop', file }));
        log(`CPU profile of the server during the window in ${path.relative(process.cwd(), file)}`);
      }
      const l = result.load;
      log(
        `${l.requestsPerSecond.toFixed(0)} req/s, p99 ${l.overall.p99.toFixed(1)} ms, ${l.errors} errors, loop delay p99 ${loopDelay.p99.toFixed(1)} ms, skip p99 ${result.skipDelivery?.p99.toFixed(1)} ms, RSS peak ${rssPeakMiB.toFixed(0)} MiB`,
      );
      phases.push({ users, load: result, loopDelay, rssPeakMiB, rssBeforeMiB, profile });
    }
    return { arrangement: arrangement.key, label: arrangement.label, serverKind: server.kind, phases };
  } finally {
    await server.stop();
  }
}
