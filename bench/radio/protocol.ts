/**
 * What both fan-out runners share (fanout.ts: clients in one process; multiProcess.ts: clients
 * spread over several): the station's setup, the listeners' accounts, and the measured skips.
 */
import type { BenchServer } from '../lib/serverHandle';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** pause between two measured skips */
const SKIP_GAP_MS = 300;

export async function api<T>(server: BenchServer, method: string, url: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A known state: radio on, `songs` songs queued (one plays, the rest wait for the skips). */
export async function prepareStation(server: BenchServer, adminToken: string, songs: number): Promise<void> {
  await server.call({ cmd: 'seedSongs', count: songs });
  const songIds = (await server.call<{ id: string }[]>({ cmd: 'sql', text: `select id from songs order by id limit ${songs}` })).map((r) => r.id);
  const before = await api<{ isRadioActive: boolean }>(server, 'GET', '/api/radio/queue', adminToken);
  if (before.isRadioActive) await api(server, 'POST', '/api/radio/toggle', adminToken);
  for (const songId of songIds) await api(server, 'POST', '/api/radio/queue', adminToken, { songId });
  await api(server, 'POST', '/api/radio/toggle', adminToken);
}

/** Distinct users with a fresh session each: rows in bulk, one token per user from the server. */
export async function createListenerTokens(server: BenchServer, count: number): Promise<string[]> {
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

/** The listener count the server reports once it has settled at `expected` (or after 5 s), then 1 s more for its updates. */
export async function settledListenerCount(server: BenchServer, adminToken: string, expected: number): Promise<number> {
  let counted = 0;
  for (let i = 0; i < 50; i += 1) {
    counted = (await api<{ listeners: number }>(server, 'GET', '/api/radio/queue', adminToken)).listeners;
    if (counted >= expected) break;
    await sleep(100);
  }
  await sleep(1_000);
  return counted;
}

export interface SkipRounds {
  /** per socket and skip: ms from sending the skip until that socket had TRACK_CHANGE */
  latencies: number[];
  /** per skip: until the last socket had it */
  skipToAllMs: number[];
  /** per skip: until the first socket had it (the server's own share: request, transaction, re-read) */
  skipToFirstMs: number[];
}

export interface SkipProbe {
  /** the clock arrival times are taken on */
  clock(): number;
  /** called before each skip: note what every socket has received so far */
  arm(round: number): Promise<void>;
  /** every socket's arrival time of its next TRACK_CHANGE, on clock() */
  collect(round: number): Promise<number[]>;
}

/** The admin skips `rounds` times, SKIP_GAP_MS apart; each socket's TRACK_CHANGE is timed from the moment the skip was sent. */
export async function measureSkips(
  server: BenchServer,
  adminToken: string,
  rounds: number,
  probe: SkipProbe,
  log: (line: string) => void,
): Promise<SkipRounds> {
  const out: SkipRounds = { latencies: [], skipToAllMs: [], skipToFirstMs: [] };
  for (let round = 0; round < rounds; round += 1) {
    await probe.arm(round);
    const sentAt = probe.clock();
    await api(server, 'POST', '/api/radio/skip', adminToken);
    const arrivals = (await probe.collect(round)).map((t) => t - sentAt);
    out.latencies.push(...arrivals);
    out.skipToAllMs.push(Math.max(...arrivals));
    out.skipToFirstMs.push(Math.min(...arrivals));
    log(`skip ${round + 1}/${rounds}: all ${arrivals.length} had TRACK_CHANGE after ${Math.max(...arrivals).toFixed(1)} ms`);
    await sleep(SKIP_GAP_MS);
  }
  return out;
}
