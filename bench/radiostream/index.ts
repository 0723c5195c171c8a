import { benchMp3File } from '../lib/audioFile';
import type { Part } from '../lib/part';
import { atLeast, atMost, info, type Figure } from '../lib/report';
import { startBenchServer, type BenchServer } from '../lib/serverHandle';
import { percentile } from '../lib/stats';
import { childrenOf, ownCpuMs } from '../stream/cpuTime';
import { ensureIcecast, startIcecast } from './icecast';
import { firstBytes, openListeners, type StreamListener } from './listeners';

const LISTENERS = 200;
/** listeners join in waves of this many, this far apart (2 s for all of them) */
const WAVE = 20;
const WAVE_GAP_MS = 200;
const BITRATE_KBPS = 128;
const WINDOW_MS = 15_000;
/** every listener reads the live edge: at least this share of the bitrate over the window */
const RATE_SHARE_MIN = 0.95;
/** a new listener's first byte, with the encoder already running (the burst is sent at once) */
const TTFB_P99_BUDGET_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Side {
  /** the process serving listeners, and the encoder processes feeding it */
  serverPid: number;
  encoderPids: () => number[];
}

interface Window {
  serverCpuMs: number;
  encoderCpuMs: number;
  seconds: number;
}

async function cpuWindow(side: Side): Promise<Window> {
  const encoders = side.encoderPids();
  const sum = (pids: number[]) => pids.reduce((total, pid) => total + ownCpuMs(pid), 0);
  const started = performance.now();
  const server0 = ownCpuMs(side.serverPid);
  const encoder0 = sum(encoders);
  await sleep(WINDOW_MS);
  return { serverCpuMs: ownCpuMs(side.serverPid) - server0, encoderCpuMs: sum(encoders) - encoder0, seconds: (performance.now() - started) / 1000 };
}

interface SideResult {
  coldTtfbMs: number;
  ttfb: number[];
  one: Window;
  many: Window;
  /** the slowest listener's rate over the many-listener window, as a share of the bitrate */
  slowestRateShare: number;
  startsOnFrame: number;
  errors: string[];
}

/** One listener (its first byte timed), a CPU window; then the rest at once, a CPU window with all of them. */
async function measureSide(url: string, side: Side, log: (m: string) => void, label: string): Promise<SideResult> {
  const [first] = openListeners(url, 1);
  await firstBytes([first], 10_000);
  await sleep(2000);
  log(`radiostream: ${label}: 1 listener, first byte after ${first.ttfbMs?.toFixed(0)} ms`);
  const one = await cpuWindow(side);
  // in waves, as listeners arrive: 199 SYNs at once overflow icecast2's listen backlog (retried after 1, 3, 7 s)
  const rest: StreamListener[] = [];
  for (let opened = 1; opened < LISTENERS; opened += WAVE) {
    rest.push(...openListeners(url, Math.min(WAVE, LISTENERS - opened)));
    await sleep(WAVE_GAP_MS);
  }
  await firstBytes(rest, 10_000);
  const all: StreamListener[] = [first, ...rest];
  await sleep(1000);
  const before = all.map((l) => l.bytes);
  const many = await cpuWindow(side);
  const rates = all.map((l, i) => (l.bytes - before[i]) / many.seconds / ((BITRATE_KBPS * 1000) / 8));
  log(`radiostream: ${label}: ${all.length} listeners, CPU ${(many.serverCpuMs / many.seconds / 10).toFixed(1)} % (server)`);
  for (const l of all) l.close();
  return {
    coldTtfbMs: first.ttfbMs ?? Number.NaN,
    ttfb: rest.map((l) => l.ttfbMs ?? Number.POSITIVE_INFINITY),
    one,
    many,
    slowestRateShare: Math.min(...rates),
    startsOnFrame: all.filter((l) => l.startsOnFrame).length,
    errors: all.map((l) => l.error).filter((e): e is string => e !== null),
  };
}

/** % of one core */
const percent = (cpuMs: number, seconds: number) => cpuMs / seconds / 10;
const perListener = (r: SideResult) => (percent(r.many.serverCpuMs, r.many.seconds) - percent(r.one.serverCpuMs, r.one.seconds)) / (LISTENERS - 1);

async function stationOnAir(server: BenchServer, log: (m: string) => void): Promise<{ url: string; file: string }> {
  const file = await benchMp3File(log);
  const admin = await server.user('admin');
  const auth = { authorization: `Bearer ${admin.token}` };
  const song = await server.call<{ id: string }>({ cmd: 'addSong', title: 'Chord', artist: 'Bench', ...file });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.baseUrl}/api${path}`, {
      method,
      headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  for (let i = 0; i < 3; i += 1) await call('POST', '/radio/queue', { songId: song.id });
  const toggled = await call('POST', '/radio/toggle');
  if (toggled.isRadioActive !== true) await call('POST', '/radio/toggle');
  await call('PUT', '/radio/stream/public', { public: true });
  const listen = await call('GET', '/radio/listen-url');
  return { url: String(listen.publicUrl), file: file.file };
}

function figures(ours: SideResult, icecast: SideResult): Figure[] {
  const note = (r: SideResult) =>
    `${LISTENERS} listeners; first byte p50 ${percentile(r.ttfb, 50).toFixed(1)} ms; ${r.startsOnFrame}/${LISTENERS} started on an MP3 frame; ${r.errors.length} errors${r.errors.length ? ` (${r.errors.slice(0, 3).join(', ')})` : ''}`;
  return [
    atMost(`stream: a listener's first audio byte p99 (${LISTENERS} joining in 2 s)`, 'ms', percentile(ours.ttfb, 99), TTFB_P99_BUDGET_MS, {
      note: `${note(ours)}; icecast2: p99 ${percentile(icecast.ttfb, 99).toFixed(1)} ms`,
    }),
    info(`stream: the first listener's first byte (the encoder starting)`, 'ms', ours.coldTtfbMs, {
      note: `icecast2 (feed already running): ${icecast.coldTtfbMs.toFixed(1)} ms`,
    }),
    atLeast(`stream: the slowest of ${LISTENERS} listeners' rate, share of ${BITRATE_KBPS} kbps`, '×', ours.slowestRateShare, RATE_SHARE_MIN, {
      note: `icecast2: ${icecast.slowestRateShare.toFixed(3)}`,
    }),
    info('stream: encoder CPU (decode + MP3 encode), % of a core', '%', percent(ours.many.encoderCpuMs, ours.many.seconds), {
      note: `one encoder whatever the listeners: ${percent(ours.one.encoderCpuMs, ours.one.seconds).toFixed(2)} % with 1 listener; icecast2's ffmpeg feed: ${percent(icecast.many.encoderCpuMs, icecast.many.seconds).toFixed(2)} %`,
    }),
    info('stream: server CPU per listener, % of a core', '%', perListener(ours), {
      note: `server ${percent(ours.one.serverCpuMs, ours.one.seconds).toFixed(2)} % with 1 listener, ${percent(ours.many.serverCpuMs, ours.many.seconds).toFixed(2)} % with ${LISTENERS}`,
    }),
    info('icecast2: server CPU per listener, % of a core', '%', perListener(icecast), {
      note: `icecast2 ${percent(icecast.one.serverCpuMs, icecast.one.seconds).toFixed(2)} % with 1 listener, ${percent(icecast.many.serverCpuMs, icecast.many.seconds).toFixed(2)} % with ${LISTENERS}`,
    }),
    info('stream: server CPU per listener ÷ icecast2 (same run)', '×', perListener(ours) / Math.max(perListener(icecast), 1e-6), {
      note: 'Node (one write per listener per chunk, through the HTTP layer) against C (one shared buffer, sendfile-like queues)',
    }),
  ];
}

function summary(r: SideResult): Record<string, unknown> {
  return { ...r, ttfb: { p50: percentile(r.ttfb, 50), p99: percentile(r.ttfb, 99), max: Math.max(...r.ttfb) } };
}

export const radioStreamPart: Part = {
  name: 'radiostream',
  title: `Radio stream: ${LISTENERS} listeners of the station's MP3 stream beside Debian's icecast2 fed the same audio`,
  limitSeconds: 240,
  async run(ctx) {
    ensureIcecast(ctx.log);
    const server = await startBenchServer();
    let stopIcecast: (() => Promise<void>) | null = null;
    try {
      const station = await stationOnAir(server, ctx.log);
      const ours = await measureSide(station.url, { serverPid: server.pid, encoderPids: () => childrenOf(server.pid) }, ctx.log, 'wavelength');
      const icecast = await startIcecast(station.file, BITRATE_KBPS);
      stopIcecast = icecast.stop;
      const reference = await measureSide(icecast.url, { serverPid: icecast.pid, encoderPids: () => [icecast.feedPid] }, ctx.log, 'icecast2');
      return {
        method: `The app (PGlite, a 5 MB 128 kbps MP3 queued three times, the stream made public) in its own process; one listener, a ${WINDOW_MS / 1000} s CPU window, then ${LISTENERS - 1} more at once (a raw http.get each, reading everything) and a second window. Then Debian's icecast2 on loopback fed the same file by one ffmpeg (decode + ${BITRATE_KBPS} kbps MP3, -re), measured the same way. CPU from /proc: the server process alone, and its encoder processes (the app's ffmpeg children; icecast2's feed).`,
        figures: figures(ours, reference),
        details: { ours: summary(ours), icecast: summary(reference) },
      };
    } finally {
      await stopIcecast?.();
      await server.stop();
    }
  },
};
