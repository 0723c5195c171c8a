import path from 'node:path';
import { benchAudioFile } from '../lib/audioFile';
import { summarizeProfile } from '../lib/cpuprofile';
import { timedGet } from '../lib/http';
import type { Part } from '../lib/part';
import { OUT_DIR } from '../lib/paths';
import { addBenchSong, startBenchServer } from '../lib/serverHandle';
import { ensureNginx } from '../lib/tools';
import { measureStreamVsNginx, RANGE_BYTES } from './measure';
import { startNginx } from './nginx';

const ROUNDS = 2;
const ROUND_SECONDS = 3;
const TTFB_SAMPLES = 20;

export const streamPart: Part = {
  name: 'stream',
  title: 'Streaming: GET /api/songs/stream/:id against nginx, same 5 MB file',
  limitSeconds: 150,
  async run(ctx) {
    const nginxBinary = await ensureNginx(ctx.log);
    const audio = benchAudioFile();
    const server = await startBenchServer();
    let nginx: Awaited<ReturnType<typeof startNginx>> | null = null;
    try {
      const song = await addBenchSong(server, 'Bench Tone', audio);
      const user = await server.user();
      const cookie = await server.call<string>({ cmd: 'streamCookie', userId: user.id });
      nginx = await startNginx(nginxBinary, song.mediaDir);
      const targets = { ours: `${server.baseUrl}/api/songs/stream/${song.id}`, nginx: `${nginx.baseUrl}/${song.path}` };
      await checkBothAnswer(targets, cookie, audio.sizeBytes);

      if (ctx.profile) await server.call({ cmd: 'profileStart' });
      const details: Record<string, unknown> = {};
      const figures = await measureStreamVsNginx({
        ...targets,
        cookie,
        fileBytes: audio.sizeBytes,
        pids: { ours: server.pid, nginx: nginx.pid },
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
        method: `One ${(audio.sizeBytes / 1e6).toFixed(1)} MB WAV (bench/lib/audioFile.ts) added to a temporary library; the app (its own process) streams it at /api/songs/stream/:id with the session's stream cookie, and nginx (Debian nginx-light, installed by the bench when missing) serves the very same file from the app's media folder with a temporary configuration: one worker, sendfile on, no access log. bench/stream/measure.ts (measureStreamVsNginx, which the mixed load can call again): time to first byte from ${TTFB_SAMPLES} sequential requests per side and kind on one keep-alive connection, sides interleaved; then throughput, keep-alive connections requesting back to back for ${ROUND_SECONDS} s, ${ROUNDS} rounds per side and kind, the sides alternating: whole-file GETs (200) and random 1 MiB Range GETs (206) over 4 connections, the ranges over 1 connection too. Server CPU time per range: user + system time of each server's processes (/proc) over the 4-connection range rounds, divided by the ranges served; it moves little with other load on the machine, unlike the rates. The client is this Node process; both servers share the same two cores with it.`,
        figures,
        details: { profile, ...details },
      };
    } finally {
      await nginx?.stop();
      await server.stop();
    }
  },
};

/** Both sides answer the whole file (200) and a 1 MiB range (206) with the right lengths. */
async function checkBothAnswer(targets: { ours: string; nginx: string }, cookie: string, sizeBytes: number): Promise<void> {
  for (const [side, url] of Object.entries(targets)) {
    const headers: Record<string, string> = side === 'ours' ? { cookie } : {};
    const whole = await timedGet(url, { headers });
    if (whole.status !== 200 || whole.bytes !== sizeBytes)
      throw new Error(`${side}: GET answered ${whole.status} with ${whole.bytes} bytes, expected 200 with ${sizeBytes}`);
    const part = await timedGet(url, { headers: { ...headers, range: `bytes=1000-${1000 + RANGE_BYTES - 1}` } });
    if (part.status !== 206 || part.bytes !== RANGE_BYTES)
      throw new Error(`${side}: ranged GET answered ${part.status} with ${part.bytes} bytes, expected 206 with ${RANGE_BYTES}`);
  }
}
