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

async function api<T>(server: BenchServer, method: string, url: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Distinct users with a fresh session each: rows in bulk, one token per user from the server. */
async function createListeners(server: BenchServer, count: number): Promise<string[]> {
  const tag = Math.random().toString(36).slice(2, 8);
  const rows = await server.call<{ id: string }[]>({
    cmd: 'sql',
    text: `insert into users (username, email, password_hash, role)
           select 'fan${tag}_' || g, 'fan${tag}_' || g || '@bench.test', 'x', 'user' from generate_series(1, ${count}) g
           returning id`,
  });
  const tokens: string[] = [];
  for (let i = 0; i < rows.length; i += 100) {
    const batch = rows.slice(i, i + 100);
    tokens.push(...(await Promise.all(batch.map((r) => server.call<string>({ cmd: 'token', userId: r.id, role: 'user' })))));
  }
  return tokens;
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

export async function runFanout(options: FanoutOptions): Promise<FanoutResult> {
  const log = options.log ?? (() => {});
  const rounds = options.rounds ?? 10;
  const concurrency = options.connectConcurrency ?? 500;
  const server = options.server ?? (await startBenchServer({ databaseUrl: options.databaseUrl }));
  const clients: Client[] = [];
  try {
    const admin = await server.user('admin');
    await server.call({ cmd: 'seedSongs', count: rounds + 3 });
    const songIds = (await server.call<{ id: string }[]>({ cmd: 'sql', text: `select id from songs order by id limit ${rounds + 3}` })).map((r) => r.id);
    // a known state: radio off, nothing queued
    const before = await api<{ isRadioActive: boolean; queue: { id: string }[] }>(server, 'GET', '/api/radio/queue', admin.token);
    if (before.isRadioActive) await api(server, 'POST', '/api/radio/toggle', admin.token);
    for (const songId of songIds) await api(server, 'POST', '/api/radio/queue', admin.token, { songId });
    await api(server, 'POST', '/api/radio/toggle', admin.token);

    log(`creating ${options.listeners} listeners`);
    const tokens = await createListeners(server, options.listeners);
    await sleep(500);
    const memBefore = await server.call<MemoryUsage>({ cmd: 'memory' });

    log(`connecting ${options.listeners} sockets`);
    const wsBase = `${server.baseUrl.replace(/^http/, 'ws')}/api/radio/ws?token=`;
    const started = performance.now();
    let next = 0;
    const workers = Array.from({ length: Math.min(concurrency, tokens.length) }, async () => {
      while (next < tokens.length) {
        const token = tokens[next++];
        const client = connect(wsBase + encodeURIComponent(token));
        clients.push(client);
        await client.ready;
      }
    });
    await Promise.all(workers);
    const connectAllMs = performance.now() - started;
    log(`connected in ${connectAllMs.toFixed(0)} ms`);

    // the count reaches every instance through coalesced updates; wait for it to settle
    let serverListeners = 0;
    for (let i = 0; i < 50; i += 1) {
      serverListeners = (await api<{ listeners: number }>(server, 'GET', '/api/radio/queue', admin.token)).listeners;
      if (serverListeners >= options.listeners) break;
      await sleep(100);
    }
    await sleep(1_000);
    const listenerUpdatesDuringConnect = clients[0]?.listenerUpdates ?? 0;
    const memAfter = await server.call<MemoryUsage>({ cmd: 'memory' });

    const latencies: number[] = [];
    const skipToAllMs: number[] = [];
    const skipToFirstMs: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const seen = clients.map((c) => c.trackChanges.length);
      const sentAt = performance.now();
      await api(server, 'POST', '/api/radio/skip', admin.token);
      const deadline = Date.now() + 10_000;
      while (clients.some((c, i) => c.trackChanges.length <= seen[i])) {
        if (Date.now() > deadline) throw new Error(`round ${round}: ${clients.filter((c, i) => c.trackChanges.length <= seen[i]).length} sockets got no TRACK_CHANGE within 10 s`);
        await sleep(2);
      }
      const arrivals = clients.map((c, i) => c.trackChanges[seen[i]] - sentAt);
      latencies.push(...arrivals);
      skipToAllMs.push(Math.max(...arrivals));
      skipToFirstMs.push(Math.min(...arrivals));
      log(`skip ${round + 1}/${rounds}: all ${clients.length} had TRACK_CHANGE after ${Math.max(...arrivals).toFixed(1)} ms`);
      await sleep(300);
    }

    const n = options.listeners;
    return {
      listeners: n,
      rounds,
      connectAllMs,
      serverListeners,
      skipToTrackChange: summarize(latencies),
      skipToAllMs,
      skipToFirstMs,
      listenerUpdatesDuringConnect,
      memory: memoryPerListener(memBefore, memAfter, n),
    };
  } finally {
    await Promise.all(
      clients.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.ws.readyState === WebSocket.CLOSED) return resolve();
            c.ws.once('close', () => resolve());
            c.ws.terminate();
          }),
      ),
    );
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
