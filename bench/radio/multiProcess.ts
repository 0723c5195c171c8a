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
import { startBenchServer } from '../lib/serverHandle';
import { summarize } from '../lib/stats';
import { summarizeProfile, type ProfileSummary } from '../lib/cpuprofile';
import { createListenerTokens, measureSkips, prepareStation, settledListenerCount, sleep, type SkipProbe, type SkipRounds } from './protocol';
import { toRun, type SkipRun } from './runs';

/** pause between two runs of skips */
const RUN_GAP_MS = 1_000;

interface Worker {
  child: ChildProcess;
  call<T>(message: Record<string, unknown>): Promise<T>;
}

const wall = () => performance.timeOrigin + performance.now();

/** The open-files limit this shell gives a process (and the hard ceiling root may raise it to). */
export function fileLimit(): { soft: number; hard: number } {
  const read = (flag: string) => Number(spawnSync('/bin/sh', ['-c', `ulimit ${flag}`], { encoding: 'utf8' }).stdout.trim()) || Number.POSITIVE_INFINITY;
  return { soft: read('-Sn'), hard: read('-Hn') };
}

/** A client process with its open-files limit raised for `sockets` (ulimit in the shell that execs node). */
function startWorker(sockets: number): Promise<Worker> {
  const wanted = sockets + 1024;
  const script = path.join(ROOT, 'bench/radio/clientWorker.ts');
  const child = spawn(
    '/bin/sh',
    ['-c', `ulimit -n ${wanted} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" --import tsx "$1"`, process.execPath, script],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
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

/**
 * Skips are timed on the machine's wall clock: every client process reports its sockets' arrival
 * times, and the CPU it spent from arm to collect (added up per process in clientCpuMs).
 */
function skipProbe(workers: Worker[], clientCpuMs: number[], onFirstArm: (listenerUpdates: number) => void): SkipProbe {
  return {
    clock: wall,
    async arm(round) {
      const armed = await Promise.all(workers.map((w) => w.call<{ listenerUpdates: number }>({ cmd: 'arm' })));
      if (round === 0) onFirstArm(armed[0].listenerUpdates);
    },
    async collect() {
      const collected = await Promise.all(workers.map((w) => w.call<{ arrivals: number[]; cpuMs: number }>({ cmd: 'collect', timeoutMs: 10_000 })));
      collected.forEach((c, p) => (clientCpuMs[p] = (clientCpuMs[p] ?? 0) + c.cpuMs));
      return collected.flatMap((c) => c.arrivals);
    },
  };
}

/** Every client process opens its share of the sockets; answers the ms from the first opened to the last ready. */
async function connectAll(workers: Worker[], url: string, tokens: string[]): Promise<number> {
  const share = Math.ceil(tokens.length / workers.length);
  const connected = await Promise.all(
    workers.map((w, p) =>
      w.call<{ startedAt: number; doneAt: number }>({
        cmd: 'connect',
        url,
        tokens: tokens.slice(p * share, (p + 1) * share),
        concurrency: Math.ceil(500 / workers.length),
      }),
    ),
  );
  return Math.max(...connected.map((c) => c.doneAt)) - Math.min(...connected.map((c) => c.startedAt));
}

function checkFileLimit(listeners: number): void {
  const limit = fileLimit();
  if (limit.soft < listeners + 1024 && limit.hard < listeners + 1024) {
    throw new Error(`the server needs ${listeners + 1024} open files; ulimit -n allows ${limit.soft} (hard ${limit.hard}): raise it before the bench`);
  }
}

export async function runFanoutMultiProcess(options: {
  listeners: number;
  processes: number;
  /** skips per run */
  rounds?: number;
  /** runs: series of `rounds` skips on the same sockets, a pause between them (default 1) */
  runs?: number;
  log?: (line: string) => void;
  /** write a CPU profile of the server during the skips to this file, and summarize it */
  profileFile?: string;
}): Promise<FanoutResult & { profile?: ProfileSummary; runs: SkipRun[] }> {
  const log = options.log ?? (() => {});
  const rounds = options.rounds ?? 10;
  const runCount = options.runs ?? 1;
  checkFileLimit(options.listeners);
  const server = await startBenchServer();
  const workers: Worker[] = [];
  try {
    const admin = await server.user('admin');
    await prepareStation(server, admin.token, rounds * runCount + 3);
    log(`creating ${options.listeners} listeners`);
    const tokens = await createListenerTokens(server, options.listeners);
    const share = Math.ceil(options.listeners / options.processes);
    for (let p = 0; p < options.processes; p += 1) workers.push(await startWorker(share));
    await sleep(500);
    const memBefore = await server.call<NodeJS.MemoryUsage>({ cmd: 'memory' });

    log(`connecting ${options.listeners} sockets from ${options.processes} client processes`);
    const connectAllMs = await connectAll(workers, `${server.baseUrl.replace(/^http/, 'ws')}/api/radio/ws?token=`, tokens);
    log(`connected in ${connectAllMs.toFixed(0)} ms`);
    const serverListeners = await settledListenerCount(server, admin.token, options.listeners);
    const memAfter = await server.call<NodeJS.MemoryUsage>({ cmd: 'memory' });

    let listenerUpdatesDuringConnect = 0;
    if (options.profileFile) await server.call({ cmd: 'profileStart' });
    const runs: SkipRun[] = [];
    const all: SkipRounds = { latencies: [], skipToAllMs: [], skipToFirstMs: [] };
    for (let run = 0; run < runCount; run += 1) {
      if (run > 0) await sleep(RUN_GAP_MS);
      const clientCpuMs: number[] = [];
      const probe = skipProbe(workers, clientCpuMs, (updates) => (listenerUpdatesDuringConnect ||= updates));
      const skips = await measureSkips(server, admin.token, rounds, probe, (line) => log(`run ${run + 1}/${runCount}, ${line}`));
      runs.push(toRun(skips, clientCpuMs));
      for (const key of ['latencies', 'skipToAllMs', 'skipToFirstMs'] as const) for (const v of skips[key]) all[key].push(v);
    }
    const skips = all;
    const profile = options.profileFile ? summarizeProfile(await server.call<string>({ cmd: 'profileStop', file: options.profileFile })) : undefined;
    return {
      profile,
      runs,
      listeners: options.listeners,
      rounds: rounds * runCount,
      connectAllMs,
      serverListeners,
      skipToTrackChange: summarize(skips.latencies),
      skipToAllMs: skips.skipToAllMs,
      skipToFirstMs: skips.skipToFirstMs,
      listenerUpdatesDuringConnect,
      memory: memoryPerListener(memBefore, memAfter, options.listeners),
    };
  } finally {
    await Promise.all(workers.map((w) => w.call({ cmd: 'close' }).catch(() => undefined)));
    await server.stop();
  }
}
