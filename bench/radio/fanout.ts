/**
 * Radio fan-out: N socket listeners (distinct users) on one server instance, the clients in this
 * process and the server in another. Measures the time to connect them all, the time from an
 * admin's skip until every socket has its TRACK_CHANGE, and the server's memory per listener.
 *
 *   tsx bench/radio/fanout.ts --listeners 2000 [--rounds 10]
 *
 * As a module: runFanout({ listeners, rounds }) -> FanoutResult (npm run bench wires it in).
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { startBenchServer, type BenchServer } from '../lib/serverHandle';
import { summarize, type Summary } from '../lib/stats';
import { createListenerTokens, measureSkips, prepareStation, settledListenerCount, sleep, type SkipProbe } from './protocol';

export interface FanoutOptions {
  listeners: number;
  /** skips measured (default 10) */
  rounds?: number;
  /** reuse a running bench server instead of starting one */
  server?: BenchServer;
  /** PostgreSQL URL for the server's database (a scratch database); default: embedded PGlite */
  databaseUrl?: string;
  /** handshakes in flight at once while connecting (default 500) */
  connectConcurrency?: number;
  log?: (line: string) => void;
}

export interface FanoutResult {
  listeners: number;
  rounds: number;
  /** from the first socket opened until every socket has its first QUEUE_UPDATE */
  connectAllMs: number;
  /** the listener count the server reported once all were connected */
  serverListeners: number;
  /** per socket and skip: ms from sending the skip until that socket had TRACK_CHANGE */
  skipToTrackChange: Summary;
  /** per skip: ms until the last socket had it */
  skipToAllMs: number[];
  /** per skip: ms until the first socket had it (the server's own share: request, transaction, re-read) */
  skipToFirstMs: number[];
  /** LISTENERS_UPDATE messages one socket received while all connected (coalescing at work) */
  listenerUpdatesDuringConnect: number;
  memory: { heapPerListenerBytes: number; rssPerListenerBytes: number; heapBeforeMb: number; heapAfterMb: number; rssBeforeMb: number; rssAfterMb: number };
}

/** The server's memory growth over `listeners` sockets, per listener (heap + external, and RSS). */
export function memoryPerListener(before: MemoryUsage, after: MemoryUsage, listeners: number): FanoutResult['memory'] {
  return {
    heapPerListenerBytes: Math.round((after.heapUsed + after.external - before.heapUsed - before.external) / listeners),
    rssPerListenerBytes: Math.round((after.rss - before.rss) / listeners),
    heapBeforeMb: before.heapUsed / 2 ** 20,
    heapAfterMb: after.heapUsed / 2 ** 20,
    rssBeforeMb: before.rss / 2 ** 20,
    rssAfterMb: after.rss / 2 ** 20,
  };
}

export interface MemoryUsage {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

interface Client {
  ws: WebSocket;
  trackChanges: number[];
  listenerUpdates: number;
  ready: Promise<void>;
}

function connect(url: string): Client {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  const client: Client = { ws, trackChanges: [], listenerUpdates: 0, ready: Promise.resolve() };
  client.ready = new Promise<void>((resolve, reject) => {
    ws.on('message', (data: Buffer) => {
      const text = data.toString('latin1', 0, 32);
      // a prefix test is enough to tell the types apart, and keeps the client's own cost low
      if (text.startsWith('{"type":"TRACK_CHANGE"')) client.trackChanges.push(performance.now());
      else if (text.startsWith('{"type":"LISTENERS_UPDATE"')) client.listenerUpdates += 1;
      else if (text.startsWith('{"type":"QUEUE_UPDATE"')) resolve();
      else if (text.startsWith('{"type":"ERROR"')) reject(new Error(String(data)));
    });
    ws.on('error', reject);
    ws.on('close', (code) => reject(new Error(`closed ${code}`)));
  });
  client.ready.catch(() => undefined);
  return client;
}

/** Opens one socket per token, `concurrency` handshakes in flight, each until its first QUEUE_UPDATE; answers the ms it took. */
async function connectAll(wsBase: string, tokens: string[], concurrency: number, clients: Client[]): Promise<number> {
  const started = performance.now();
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, tokens.length) }, async () => {
    while (next < tokens.length) {
      const client = connect(wsBase + encodeURIComponent(tokens[next++]));
      clients.push(client);
      await client.ready;
    }
  });
  await Promise.all(workers);
  return performance.now() - started;
}

/** Skips are timed on this process's clock: each socket's next TRACK_CHANGE after the skip was sent. */
function skipProbe(clients: Client[]): SkipProbe {
  let seen: number[] = [];
  return {
    clock: () => performance.now(),
    async arm() {
      seen = clients.map((c) => c.trackChanges.length);
    },
    async collect(round) {
      const deadline = Date.now() + 10_000;
      while (clients.some((c, i) => c.trackChanges.length <= seen[i])) {
        if (Date.now() > deadline)
          throw new Error(`round ${round}: ${clients.filter((c, i) => c.trackChanges.length <= seen[i]).length} sockets got no TRACK_CHANGE within 10 s`);
        await sleep(2);
      }
      return clients.map((c, i) => c.trackChanges[seen[i]]);
    },
  };
}

function closeAll(clients: Client[]): Promise<void[]> {
  return Promise.all(
    clients.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.ws.readyState === WebSocket.CLOSED) return resolve();
          c.ws.once('close', () => resolve());
          c.ws.terminate();
        }),
    ),
  );
}

export async function runFanout(options: FanoutOptions): Promise<FanoutResult> {
  const log = options.log ?? (() => {});
  const rounds = options.rounds ?? 10;
  const server = options.server ?? (await startBenchServer({ databaseUrl: options.databaseUrl }));
  const clients: Client[] = [];
  try {
    const admin = await server.user('admin');
    await prepareStation(server, admin.token, rounds + 3);
    log(`creating ${options.listeners} listeners`);
    const tokens = await createListenerTokens(server, options.listeners);
    await sleep(500);
    const memBefore = await server.call<MemoryUsage>({ cmd: 'memory' });

    log(`connecting ${options.listeners} sockets`);
    const wsBase = `${server.baseUrl.replace(/^http/, 'ws')}/api/radio/ws?token=`;
    const connectAllMs = await connectAll(wsBase, tokens, options.connectConcurrency ?? 500, clients);
    log(`connected in ${connectAllMs.toFixed(0)} ms`);
    // the count reaches every instance through coalesced updates; wait for it to settle
    const serverListeners = await settledListenerCount(server, admin.token, options.listeners);
    const listenerUpdatesDuringConnect = clients[0]?.listenerUpdates ?? 0;
    const memAfter = await server.call<MemoryUsage>({ cmd: 'memory' });

    const skips = await measureSkips(server, admin.token, rounds, skipProbe(clients), log);
    return {
      listeners: options.listeners,
      rounds,
      connectAllMs,
      serverListeners,
      skipToTrackChange: summarize(skips.latencies),
      skipToAllMs: skips.skipToAllMs,
      skipToFirstMs: skips.skipToFirstMs,
      listenerUpdatesDuringConnect,
      memory: memoryPerListener(memBefore, memAfter, options.listeners),
    };
  } finally {
    await closeAll(clients);
    if (!options.server) await server.stop();
  }
}

function parseArgs(argv: string[]): { listeners: number; rounds: number } {
  const out = { listeners: 2000, rounds: 10 };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split('=');
    const value = Number(inline ?? argv[++i]);
    if (flag === '--listeners') out.listeners = value;
    else if (flag === '--rounds') out.rounds = value;
    else throw new Error(`unknown argument ${argv[i]} (use --listeners N, --rounds N)`);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} needs a positive whole number`);
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = parseArgs(process.argv.slice(2));
  const result = await runFanout({ ...args, databaseUrl: process.env.DATABASE_URL, log: (line) => console.error(`fanout: ${line}`) });
  const s = result.skipToTrackChange;
  console.log(
    [
      `listeners                 ${result.listeners} (server counted ${result.serverListeners})`,
      `connect all               ${result.connectAllMs.toFixed(0)} ms (LISTENERS_UPDATE seen by one socket meanwhile: ${result.listenerUpdatesDuringConnect})`,
      `skip -> TRACK_CHANGE      p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms (${result.rounds} skips x ${result.listeners} sockets)`,
      `skip -> first socket      ${result.skipToFirstMs.map((v) => v.toFixed(1)).join(', ')} ms`,
      `skip -> last socket       ${result.skipToAllMs.map((v) => v.toFixed(1)).join(', ')} ms`,
      `server memory / listener  heap+external ${(result.memory.heapPerListenerBytes / 1024).toFixed(1)} KiB, rss ${(result.memory.rssPerListenerBytes / 1024).toFixed(1)} KiB`,
    ].join('\n'),
  );
  console.log(JSON.stringify(result));
}
