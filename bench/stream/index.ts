import path from 'node:path';
import { summarizeProfile } from '../lib/cpuprofile';
import type { Part } from '../lib/part';
import { OUT_DIR } from '../lib/paths';
import { startBenchServer } from '../lib/serverHandle';
import { measureStreamVsNginx } from './measure';
import { prepareStreamTargets } from './targets';

const ROUNDS = 2;
const ROUND_SECONDS = 3;
const TTFB_SAMPLES = 20;

export const streamPart: Part = {
  name: 'stream',
  title: 'Streaming: GET /api/songs/stream/:id against nginx, same 5 MB file',
  limitSeconds: 150,
  async run(ctx) {
    const server = await startBenchServer();
    let stopNginx: (() => Promise<void>) | null = null;
    try {
      const prepared = await prepareStreamTargets(server, ctx.log);
      stopNginx = prepared.stop;
      const { targets } = prepared;

      if (ctx.profile) await server.call({ cmd: 'profileStart' });
      const details: Record<string, unknown> = {};
      const figures = await measureStreamVsNginx({
        ...targets,
        rounds: ROUNDS,
        roundSeconds: ROUND_SECONDS,
        ttfbSamples: TTFB_SAMPLES,
        log: ctx.log,
        details,
      });
      const profile = ctx.profile
        ? summarizeProfile(await server.call<string>({ cmd: 'profileStop', file: path.join(OUT_DIR, 'profiles', 'stream.cpuprofile') }))
        : null;

      return {
        method: `One ${(targets.fileBytes / 1e6).toFixed(1)} MB WAV (bench/lib/audioFile.ts) added to a temporary library; the app (its own process) streams it at /api/songs/stream/:id with the session's stream cookie, and nginx (Debian nginx-light, installed by the bench when missing) serves the very same file from the app's media folder with a temporary configuration: one worker, sendfile on, no access log (bench/stream/targets.ts). bench/stream/measure.ts (measureStreamVsNginx, which the mixed load can call again): time to first byte from ${TTFB_SAMPLES} sequential requests per side and kind on one keep-alive connection, sides interleaved; then throughput, keep-alive connections requesting back to back for ${ROUND_SECONDS} s, ${ROUNDS} rounds per side and kind, the sides alternating: whole-file GETs (200) and random 1 MiB Range GETs (206) over 4 connections, the ranges over 1 connection too. Server CPU time per range: user + system time of each server's processes (/proc) over the 4-connection range rounds, divided by the ranges served; it moves little with other load on the machine, unlike the rates. The client is this Node process; both servers share the same two cores with it.`,
        figures,
        details: { profile, ...details },
      };
    } finally {
      await stopNginx?.();
      await server.stop();
    }
  },
};
