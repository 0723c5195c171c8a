import path from 'node:path';
import { summarizeProfile } from '../lib/cpuprofile';
import type { Part } from '../lib/part';
import { OUT_DIR } from '../lib/paths';
import { startBenchServer, type BenchServer } from '../lib/serverHandle';
import { prepareMixed, startMixedLoad } from '../mixed/load';
import type { Figure } from '../lib/report';
import { measureStreamVsNginx } from './measure';
import { prepareStreamTargets } from './targets';

const ROUNDS = 2;
const ROUND_SECONDS = 3;
const TTFB_SAMPLES = 20;
/** the mixed part's budgeted load, run beside the second measurement */
const BESIDE_USERS = 100;
const BESIDE_LISTENERS = 400;

/** The same measurement again while 100 simulated users (bench/mixed) use the same server. */
async function besideMixedLoad(server: BenchServer, measure: (label: string) => Promise<Figure[]>, log: (m: string) => void): Promise<Figure[]> {
  const fixture = await prepareMixed(server, { users: BESIDE_USERS, listeners: BESIDE_LISTENERS, log });
  const load = startMixedLoad(server, fixture, { users: BESIDE_USERS, listeners: BESIDE_LISTENERS, durationMs: 120_000 });
  try {
    await load.started;
    return await measure(` beside the mixed load (${BESIDE_USERS} users)`);
  } finally {
    const result = await load.stop();
    log(`stream: the mixed load beside it: ${result.load.requests} requests, p99 ${result.load.overall.p99.toFixed(0)} ms, ${result.load.errors} errors`);
  }
}

export const streamPart: Part = {
  name: 'stream',
  title: 'Streaming: GET /api/songs/stream/:id against nginx, same 5 MB file',
  limitSeconds: 300,
  async run(ctx) {
    // as the mixed part runs it: PGlite on disk, and X-Forwarded-For believed from loopback (one address per user)
    const server = await startBenchServer({ env: { BENCH_TRUST_PROXY: '127.0.0.1', BENCH_PGLITE_ON_DISK: '1' } });
    let stopNginx: (() => Promise<void>) | null = null;
    try {
      const prepared = await prepareStreamTargets(server, ctx.log);
      stopNginx = prepared.stop;
      const { targets } = prepared;

      if (ctx.profile) await server.call({ cmd: 'profileStart' });
      const details: Record<string, unknown> = {};
      const beside: Record<string, unknown> = {};
      const measure = (label: string) =>
        measureStreamVsNginx({
          ...targets,
          label,
          rounds: ROUNDS,
          roundSeconds: ROUND_SECONDS,
          ttfbSamples: TTFB_SAMPLES,
          log: ctx.log,
          details: label ? beside : details,
        });
      const figures = await measure('');
      const profile = ctx.profile
        ? summarizeProfile(await server.call<string>({ cmd: 'profileStop', file: path.join(OUT_DIR, 'profiles', 'stream.cpuprofile') }))
        : null;
      figures.push(...(await besideMixedLoad(server, measure, ctx.log)));

      return {
        method: `One ${(targets.fileBytes / 1e6).toFixed(1)} MB WAV (bench/lib/audioFile.ts) added to a temporary library; the app (its own process) streams it at /api/songs/stream/:id with the session's stream cookie, and nginx (Debian nginx-light, installed by the bench when missing) serves the very same file from the app's media folder with a temporary configuration: one worker, sendfile on, no access log (bench/stream/targets.ts). bench/stream/measure.ts (measureStreamVsNginx, which the mixed load can call again): time to first byte from ${TTFB_SAMPLES} sequential requests per side and kind on one keep-alive connection, sides interleaved; then throughput, keep-alive connections requesting back to back for ${ROUND_SECONDS} s, ${ROUNDS} rounds per side and kind, the sides alternating: whole-file GETs (200) and random 1 MiB Range GETs (206) over 4 connections, the ranges over 1 connection too. Server CPU time per range: user + system time of each server's processes (/proc) over the 4-connection range rounds, divided by the ranges served; it moves little with other load on the machine, unlike the rates. The client is this Node process; both servers share the same two cores with it. Then the same measurement again while ${BESIDE_USERS} simulated users of the mixed part (bench/mixed: search, albums, songs, ranges, likes, votes, ${BESIDE_USERS + BESIDE_LISTENERS} radio sockets; a process of its own) use the same server, its library seeded as the mixed part seeds it.`,
        figures,
        details: { profile, ...details, besideMixedLoad: beside },
      };
    } finally {
      await stopNginx?.();
      await server.stop();
    }
  },
};
