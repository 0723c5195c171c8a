import http from 'node:http';
import { throughput, timedGet, type Fetched } from '../lib/http';
import { atLeast, atMost, info, type Figure } from '../lib/report';
import { median } from '../lib/stats';
import { createRng } from '../../src/server/library/demo/random';
import { processTreeCpuMs } from './cpuTime';

export const RANGE_BYTES = 1024 * 1024;
/** issue 17: random 1 MiB ranges at ≥ 0.5× nginx's throughput, a range's first byte ≤ 3× nginx's */
export const MIN_THROUGHPUT_RATIO = 0.5;
export const MAX_TTFB_RATIO = 3;
const CONNECTIONS = 4;

type Side = 'ours' | 'nginx';
type Kind = 'whole' | 'ranged' | 'rangedOne';

export interface StreamVsNginxOptions {
  /** the app's stream URL of the song, and nginx's URL of the very same file */
  ours: string;
  nginx: string;
  /** the session's stream cookie (`wl_stream=…`), as the browser's audio element sends it */
  cookie: string;
  fileBytes: number;
  /** appended to every figure's name, e.g. ' beside the mixed load' */
  label?: string;
  /** the servers' process ids: adds CPU time per range (Linux /proc), which load on the machine barely moves */
  pids?: { ours: number; nginx: number };
  rounds?: number;
  roundSeconds?: number;
  ttfbSamples?: number;
  log?: (message: string) => void;
  /** filled with the raw rates and samples for results.json */
  details?: Record<string, unknown>;
}

const mb = (bytesPerSecond: number) => bytesPerSecond / 1e6;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * The app against nginx on the same file, in one go, sides alternating: time to first byte on one
 * keep-alive connection, then throughput of whole-file GETs and random 1 MiB Range GETs over 4
 * connections and of ranges over 1. Callable while other load runs (the lead's mixed load).
 */
export async function measureStreamVsNginx(options: StreamVsNginxOptions): Promise<Figure[]> {
  const { fileBytes, label = '', rounds = 2, roundSeconds = 3, ttfbSamples = 20, log = () => undefined } = options;
  const urls: Record<Side, string> = { ours: options.ours, nginx: options.nginx };
  const auth: Record<Side, Record<string, string>> = { ours: { cookie: options.cookie }, nginx: {} };
  const random = createRng(11);
  const range = () => {
    const start = Math.floor(random() * (fileBytes - RANGE_BYTES));
    return { range: `bytes=${start}-${start + RANGE_BYTES - 1}` };
  };

  log(`stream${label}: time to first byte, one connection, sides alternating`);
  const ttfb: Record<Side, { whole: Fetched[]; ranged: Fetched[] }> = { ours: { whole: [], ranged: [] }, nginx: { whole: [], ranged: [] } };
  const agents = { ours: new http.Agent({ keepAlive: true, maxSockets: 1 }), nginx: new http.Agent({ keepAlive: true, maxSockets: 1 }) };
  try {
    for (let i = 0; i < ttfbSamples; i += 1) {
      for (const side of ['ours', 'nginx'] as const) {
        ttfb[side].whole.push(await timedGet(urls[side], { agent: agents[side], headers: auth[side] }));
        ttfb[side].ranged.push(await timedGet(urls[side], { agent: agents[side], headers: { ...auth[side], ...range() } }));
      }
    }
  } finally {
    agents.ours.destroy();
    agents.nginx.destroy();
  }

  log(`stream${label}: throughput, ${rounds} rounds of ${roundSeconds} s per side and kind`);
  const rates: Record<Side, Record<Kind, number[]>> = {
    ours: { whole: [], ranged: [], rangedOne: [] },
    nginx: { whole: [], ranged: [], rangedOne: [] },
  };
  const cpu = { ours: { ms: 0, ranges: 0 }, nginx: { ms: 0, ranges: 0 } };
  for (let round = 0; round < rounds; round += 1) {
    for (const kind of ['whole', 'ranged', 'rangedOne'] as const) {
      for (const side of (round % 2 ? ['nginx', 'ours'] : ['ours', 'nginx']) as Side[]) {
        const pid = options.pids?.[side];
        const cpuBefore = pid ? processTreeCpuMs(pid) : 0;
        const result = await throughput({
          url: () => urls[side],
          headers: kind === 'whole' ? () => auth[side] : () => ({ ...auth[side], ...range() }),
          connections: kind === 'rangedOne' ? 1 : CONNECTIONS,
          seconds: roundSeconds,
          expectStatus: kind === 'whole' ? 200 : 206,
        });
        rates[side][kind].push(result.bytesPerSecond);
        if (pid && kind === 'ranged') {
          cpu[side].ms += processTreeCpuMs(pid) - cpuBefore;
          cpu[side].ranges += result.requests;
        }
      }
    }
  }

  const rate = (side: Side, kind: Kind) => mean(rates[side][kind]);
  const rateRatio = (kind: Kind) => rate('ours', kind) / rate('nginx', kind);
  const nginxRate = (kind: Kind) => ({ reference: { value: mb(rate('nginx', kind)), what: 'nginx, same file' }, ratio: rateRatio(kind) });
  const ttfbOf = (side: Side, kind: 'whole' | 'ranged') => median(ttfb[side][kind].map((f) => f.ttfbMs));
  const ttfbRatio = ttfbOf('ours', 'ranged') / ttfbOf('nginx', 'ranged');
  // the budgets are ratios; the figure shows the app's own value beside nginx's, the ratio decides
  const figures: Figure[] = [
    {
      ...atLeast(`throughput, random 1 MiB ranges, ${CONNECTIONS} connections${label}`, '×', rateRatio('ranged'), MIN_THROUGHPUT_RATIO),
      unit: 'MB/s',
      measured: mb(rate('ours', 'ranged')),
      budget: `≥ ${MIN_THROUGHPUT_RATIO}× nginx`,
      ...nginxRate('ranged'),
    },
    {
      ...atMost(`time to first byte p50, 1 MiB range${label}`, '×', ttfbRatio, MAX_TTFB_RATIO),
      unit: 'ms',
      measured: ttfbOf('ours', 'ranged'),
      budget: `≤ ${MAX_TTFB_RATIO}× nginx`,
      reference: { value: ttfbOf('nginx', 'ranged'), what: 'nginx' },
      ratio: ttfbRatio,
    },
    info(`throughput, random 1 MiB ranges, 1 connection${label}`, 'MB/s', mb(rate('ours', 'rangedOne')), nginxRate('rangedOne')),
    info(
      `throughput, whole ${(fileBytes / 1e6).toFixed(0)} MB file, ${CONNECTIONS} connections${label}`,
      'MB/s',
      mb(rate('ours', 'whole')),
      nginxRate('whole'),
    ),
    info(`time to first byte p50, whole file${label}`, 'ms', ttfbOf('ours', 'whole'), {
      reference: { value: ttfbOf('nginx', 'whole'), what: 'nginx' },
      ratio: ttfbOf('ours', 'whole') / ttfbOf('nginx', 'whole'),
    }),
  ];
  if (options.pids && cpu.ours.ranges && cpu.nginx.ranges) {
    const perRange = (side: Side) => cpu[side].ms / cpu[side].ranges;
    figures.push(
      info(`server CPU time per 1 MiB range (user + system)${label}`, 'ms', perRange('ours'), {
        reference: { value: perRange('nginx'), what: 'nginx' },
        ratio: perRange('ours') / perRange('nginx'),
      }),
    );
  }
  if (options.details) {
    Object.assign(options.details, {
      ratesBytesPerSecond: rates,
      cpuMs: cpu,
      ttfbMs: Object.fromEntries(
        (['ours', 'nginx'] as const).map((side) => [
          side,
          { whole: ttfb[side].whole.map((f) => Math.round(f.ttfbMs * 100) / 100), ranged: ttfb[side].ranged.map((f) => Math.round(f.ttfbMs * 100) / 100) },
        ]),
      ),
    });
  }
  return figures;
}
