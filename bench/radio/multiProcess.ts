/**
 * The fan-out of fanout.ts with the listeners spread over several client processes, for counts
 * one client process should not carry alone (10,000 sockets: 4 x 2,500). Same server, same
 * setup (radio on, a queue of songs, distinct users each with a session), same figures
 * (FanoutResult); arrival times are taken on the machine's wall clock in each client process and
 * compared with the moment the skip was sent.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { memoryPerListener, type FanoutResult } from './fanout';
import { ROOT } from '../lib/paths';
import { startBenchServer, type BenchServer } from '../lib/serverHandle';
import { summarize } from '../lib/stats';
import { summarizeProfile, type ProfileSummary } from '../lib/cpuprofile';

interface Worker {
  child: ChildProcess;
  call<T>(message: Record<string, unknown>): Promise<T>;
}

const wall = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The open-files limit this shell gives a process (and the hard ceiling root may raise it to). */
export function fileLimit(): { soft: number; hard: number } {
  const read = (flag: string) => Number(spawnSync('/bin/sh', ['-c', `ulimit ${flag}`], { encoding: 'utf8' }).stdout.trim()) || Number.POSITIVE_INFINITY;
  return { soft: read('-Sn'), hard: read('-Hn') };
}

/** A client process with its open-files limit raised for `sockets` (ulimit in the shell that execs node). */
function startWorker(sockets: number): Promise<Worker> {
  const wanted = sockets + 1024;
  const script = path.join(ROOT, 'bench/radio/clientWorker.ts');
  const child = spawn('/bin/sh', ['-c', `ulimit -n ${wanted} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" --import tsx "$1"`, process.execPath, script], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  return new Promise((resolve, reject) => {
    child.on('message', (m: { ready?: boolean; id?: number; ok?: boolean; result?: unknown; error?: string }) => {
      if (m.ready) {
        resolve({
          child,
          call: <T>(message: Record<string, unknown>) =>
            new Promise<T>((res, rej) => {
              const id = nextId++;
              pending.set(id, { resolve: res as (v: unknown) => void, reject: rej });
              child.send({ id, ...message });
            }),
        });
        return;
      }
      const waiter = pending.get(m.id!);
      pending.delete(m.id!);
      if (m.ok) waiter?.resolve(m.result);
      else waiter?.reject(new Error(`client process: ${m.error}`));
    });
    child.once('exit', (code) => {
      const error = new Error(`client process exited with ${code}`);
      reject(error);
      for (const w of pending.values()) w.reject(error);
    });
  });
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

export async function runFanoutMultiProcess(options: {
  listeners: number;
  processes: number;
  rounds?: number;
  log?: (line: string) => void;
  /** write a CPU profile of the server during the skips to this file, and summarize it */
  profileFile?: string;
}): Promise<FanoutResult & { skipToFirstMs: number[]; profile?: ProfileSummary }> {
  const log = options.log ?? (() => {});
  const rounds = options.rounds ?? 10;
  const limit = fileLimit();
  if (limit.soft < options.listeners + 1024 && limit.hard < options.listeners + 1024) {
    throw new Error(`the server needs ${options.listeners + 1024} open files; ulimit -n allows ${limit.soft} (hard ${limit.hard}): raise it before the bench`);
  }
  const server = await startBenchServer();
  const workers: Worker[] = [];
  try {
    const admin = await server.user('admin');
    await server.call({ cmd: 'seedSongs', count: rounds + 3 });
    const songIds = (await server.call<{ id: string }[]>({ cmd: 'sql', text: `select id from songs order by id limit ${rounds + 3}` })).map((r) => r.id);
    for (const songId of songIds) await api(server, 'POST', '/api/radio/queue', admin.token, { songId });
    const state = await api<{ isRadioActive: boolean }>(server, 'GET', '/api/radio/queue', admin.token);
    if (!state.isRadioActive) await api(server, 'POST', '/api/radio/toggle', admin.token);

    log(`creating ${options.listeners} listeners`);
    const rows = await server.call<{ id: string }[]>({
      cmd: 'sql',
      text: `insert into users (username, email, password_hash, role)
             select 'fanmp_' || g, 'fanmp_' || g || '@bench.test', 'x', 'user' from generate_series(1, ${options.listeners}) g returning id`,
    });
    const tokens: string[] = [];
    for (let i = 0; i < rows.length; i += 100) {
      tokens.push(...(await Promise.all(rows.slice(i, i + 100).map((r) => server.call<string>({ cmd: 'token', userId: r.id, role: 'user' })))));
    }
    const share = Math.ceil(options.listeners / options.processes);
    for (let p = 0; p < options.processes; p += 1) workers.push(await startWorker(share));
    await sleep(500);
    const memBefore = await server.call<NodeJS.MemoryUsage>({ cmd: 'memory' });

    log(`connecting ${options.listeners} sockets from ${options.processes} client processes`);
    const url = `${server.baseUrl.replace(/^http/, 'ws')}/api/radio/ws?token=`;
    const connected = await Promise.all(
      workers.map((w, p) => w.call<{ startedAt: number; doneAt: number }>({ cmd: 'connect', url, tokens: tokens.slice(p * share, (p + 1) * share), concurrency: Math.ceil(500 / options.processes) })),
    );
    const connectAllMs = Math.max(...connected.map((c) => c.doneAt)) - Math.min(...connected.map((c) => c.startedAt));
    log(`connected in ${connectAllMs.toFixed(0)} ms`);

    let serverListeners = 0;
    for (let i = 0; i < 50; i += 1) {
      serverListeners = (await api<{ listeners: number }>(server, 'GET', '/api/radio/queue', admin.token)).listeners;
      if (serverListeners >= options.listeners) break;
      await sleep(100);
    }
    await sleep(1_000);
    const memAfter = await server.call<NodeJS.MemoryUsage>({ cmd: 'memory' });

    const latencies: number[] = [];
    const skipToAllMs: number[] = [];
    /** per skip: until the first socket had it (the server's own share before fan-out) */
    const skipToFirstMs: number[] = [];
    let listenerUpdatesDuringConnect = 0;
    if (options.profileFile) await server.call({ cmd: 'profileStart' });
    for (let round = 0; round < rounds; round += 1) {
      const armed = await Promise.all(workers.map((w) => w.call<{ listenerUpdates: number }>({ cmd: 'arm' })));
      if (round === 0) listenerUpdatesDuringConnect = armed[0].listenerUpdates;
      const sentAt = wall();
      await api(server, 'POST', '/api/radio/skip', admin.token);
      const arrivals = (await Promise.all(workers.map((w) => w.call<number[]>({ cmd: 'collect', timeoutMs: 10_000 })))).flat().map((t) => t - sentAt);
      latencies.push(...arrivals);
      skipToAllMs.push(Math.max(...arrivals));
      skipToFirstMs.push(Math.min(...arrivals));
      log(`skip ${round + 1}/${rounds}: all ${arrivals.length} had TRACK_CHANGE after ${Math.max(...arrivals).toFixed(1)} ms`);
      await sleep(300);
    }
    const profile = options.profileFile ? summarizeProfile(await server.call<string>({ cmd: 'profileStop', file: options.profileFile })) : undefined;
    const n = options.listeners;
    return {
      profile,
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
    await Promise.all(workers.map((w) => w.call({ cmd: 'close' }).catch(() => undefined)));
    await server.stop();
  }
}
