import http from 'node:http';
import path from 'node:path';
import { benchAudioFile } from '../lib/audioFile';
import { summarizeProfile } from '../lib/cpuprofile';
import { throughput, timedGet, type Fetched } from '../lib/http';
import type { Part } from '../lib/part';
import { OUT_DIR } from '../lib/paths';
import { info, type Figure } from '../lib/report';
import { addBenchSong, startBenchServer } from '../lib/serverHandle';
import { median } from '../lib/stats';
import { ensureNginx } from '../lib/tools';
import { createRng } from '../../src/server/media/demo/random';
import { startNginx } from './nginx';

const CONNECTIONS = 4;
const ROUND_SECONDS = 3;
const ROUNDS = 2;
const TTFB_SAMPLES = 20;
const RANGE_BYTES = 1024 * 1024;
const MIN_RATIO = 0.5;

const mb = (bytesPerSecond: number) => bytesPerSecond / 1e6;

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
      const targets = {
        ours: `${server.baseUrl}/api/songs/stream/${song.id}`,
        nginx: `${nginx.baseUrl}/${song.path}`,
      };
      // the app's side authenticates with the session's stream cookie, as the browser's audio element does
      const auth = { ours: { cookie }, nginx: {} } as const;
      const random = createRng(11);
      const range = () => {
        const start = Math.floor(random() * (audio.sizeBytes - RANGE_BYTES));
        return { range: `bytes=${start}-${start + RANGE_BYTES - 1}` };
      };

      for (const [side, url] of Object.entries(targets)) {
        const headers = auth[side as keyof typeof auth];
        const whole = await timedGet(url, { headers });
        if (whole.status !== 200 || whole.bytes !== audio.sizeBytes)
          throw new Error(`${side}: GET answered ${whole.status} with ${whole.bytes} bytes, expected 200 with ${audio.sizeBytes}`);
        const part = await timedGet(url, { headers: { ...headers, ...range() } });
        if (part.status !== 206 || part.bytes !== RANGE_BYTES)
          throw new Error(`${side}: ranged GET answered ${part.status} with ${part.bytes} bytes, expected 206 with ${RANGE_BYTES}`);
      }

      ctx.log('stream: time to first byte, one connection, sides alternating');
      const ttfb = { ours: { whole: [] as Fetched[], ranged: [] as Fetched[] }, nginx: { whole: [] as Fetched[], ranged: [] as Fetched[] } };
      const agents = { ours: new http.Agent({ keepAlive: true, maxSockets: 1 }), nginx: new http.Agent({ keepAlive: true, maxSockets: 1 }) };
      for (let i = 0; i < TTFB_SAMPLES; i += 1) {
        for (const side of ['ours', 'nginx'] as const) {
          ttfb[side].whole.push(await timedGet(targets[side], { agent: agents[side], headers: auth[side] }));
          ttfb[side].ranged.push(await timedGet(targets[side], { agent: agents[side], headers: { ...auth[side], ...range() } }));
        }
      }
      agents.ours.destroy();
      agents.nginx.destroy();

      ctx.log(`stream: throughput, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_SECONDS} s per side and kind`);
      if (ctx.profile) await server.call({ cmd: 'profileStart' });
      const rates = { ours: { whole: [] as number[], ranged: [] as number[] }, nginx: { whole: [] as number[], ranged: [] as number[] } };
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const kind of ['whole', 'ranged'] as const) {
          for (const side of (round % 2 ? ['nginx', 'ours'] : ['ours', 'nginx']) as ('ours' | 'nginx')[]) {
            const result = await throughput({
              url: () => targets[side],
              headers: kind === 'ranged' ? () => ({ ...auth[side], ...range() }) : () => auth[side],
              connections: CONNECTIONS,
              seconds: ROUND_SECONDS,
              expectStatus: kind === 'ranged' ? 206 : 200,
            });
            rates[side][kind].push(result.bytesPerSecond);
          }
        }
      }

      const profile = ctx.profile
        ? summarizeProfile(await server.call<string>({ cmd: 'profileStop', file: path.join(OUT_DIR, 'profiles', 'stream.cpuprofile') }))
        : null;
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const figures: Figure[] = [];
      for (const kind of ['whole', 'ranged'] as const) {
        const ours = mean(rates.ours[kind]);
        const ref = mean(rates.nginx[kind]);
        const ratio = ours / ref;
        figures.push({
          name: `throughput, ${kind === 'whole' ? 'whole 5 MB file' : 'random 1 MiB ranges'}, ${CONNECTIONS} connections`,
          unit: 'MB/s',
          measured: mb(ours),
          budget: `≥ ${MIN_RATIO}× nginx`,
          met: ratio >= MIN_RATIO,
          reference: { value: mb(ref), what: 'nginx, same file' },
          ratio,
        });
      }
      for (const kind of ['whole', 'ranged'] as const) {
        const ours = median(ttfb.ours[kind].map((f) => f.ttfbMs));
        const ref = median(ttfb.nginx[kind].map((f) => f.ttfbMs));
        figures.push(
          info(`time to first byte p50, ${kind === 'whole' ? 'whole file' : '1 MiB range'}`, 'ms', ours, {
            reference: { value: ref, what: 'nginx' },
            ratio: ours / ref,
          }),
        );
      }
      const single = (side: 'ours' | 'nginx') => audio.sizeBytes / (median(ttfb[side].whole.map((f) => f.totalMs)) / 1000);
      figures.push(
        info('one connection, whole file (p50 of its download time)', 'MB/s', mb(single('ours')), {
          reference: { value: mb(single('nginx')), what: 'nginx' },
          ratio: single('ours') / single('nginx'),
        }),
      );

      return {
        method: `One ${(audio.sizeBytes / 1e6).toFixed(1)} MB WAV (bench/lib/audioFile.ts) added to a temporary library; the app (its own process) streams it at /api/songs/stream/:id with the session's stream cookie, and nginx ${'(Debian nginx-light, installed by the bench when missing)'} serves the very same file from the app's media folder with a temporary configuration: one worker, sendfile on, no access log. Throughput: ${CONNECTIONS} keep-alive connections request back to back for ${ROUND_SECONDS} s, ${ROUNDS} rounds per side, the sides alternating; whole-file GETs (200) and random 1 MiB Range GETs (206). Time to first byte: ${TTFB_SAMPLES} sequential requests per side and kind on one keep-alive connection, sides interleaved. The client is this Node process; both servers share the same two cores with it.`,
        figures,
        details: {
          profile,
          rates,
          ttfbMs: Object.fromEntries(
            Object.entries(ttfb).map(([side, kinds]) => [
              side,
              Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, v.map((f) => Math.round(f.ttfbMs * 100) / 100)])),
            ]),
          ),
        },
      };
    } finally {
      await nginx?.stop();
      await server.stop();
    }
  },
};
