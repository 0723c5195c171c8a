import { fork } from 'node:child_process';
import path from 'node:path';
import { summarizeProfile, type ProfileSummary } from '../lib/cpuprofile';
import { load, type LoadResult } from '../lib/load';
import type { BenchContext, Part } from '../lib/part';
import { OUT_DIR, ROOT } from '../lib/paths';
import { atMost, info, type Figure } from '../lib/report';
import { startBenchServer, type BenchServer } from '../lib/serverHandle';
import { round } from '../lib/stats';
import { serverCpuMs } from './serverCpu';

const SONG_COUNT = 1_000;
const CONNECTIONS = 4;
const SECONDS = 5;
const SINGLE_SECONDS = 3;
const ROUNDS = 2;
/** docs/budgets.md: the server's own work per API request, what is not the database */
const OVERHEAD_BUDGET_MS = 1;

interface Target {
  label: string;
  baseUrl: string;
  pid: number;
  paths: string[];
  headers?: Record<string, string>;
}

interface Measured {
  /** 4 connections: throughput and latency under load */
  loaded: LoadResult;
  /** 1 connection: one request at a time */
  single: LoadResult;
  /** server CPU per request under the 4-connection load, ms */
  cpuPerRequest: { process: number; mainThread: number };
}

async function measure(target: Target): Promise<Measured> {
  const options = { baseUrl: target.baseUrl, paths: target.paths, headers: target.headers };
  const before = serverCpuMs(target.pid);
  const loaded = await load({ ...options, connections: CONNECTIONS, seconds: SECONDS });
  const after = serverCpuMs(target.pid);
  const single = await load({ ...options, connections: 1, seconds: SINGLE_SECONDS });
  if (loaded.non2xx || loaded.errors) throw new Error(`${target.label}: ${loaded.non2xx} answers not 2xx, ${loaded.errors} errors`);
  const perRequest = (ms: number) => ms / loaded.requests;
  return {
    loaded,
    single,
    cpuPerRequest: { process: perRequest(after.process - before.process), mainThread: perRequest(after.mainThread - before.mainThread) },
  };
}

/** The lower of the rounds' CPU per request (a neighbour's burst only ever adds), with that round's loads. */
function best(rounds: Measured[]): Measured {
  return rounds.reduce((a, b) => (b.cpuPerRequest.mainThread < a.cpuPerRequest.mainThread ? b : a));
}

async function startHello(): Promise<{ baseUrl: string; pid: number; stop(): void }> {
  const child = fork(path.join(ROOT, 'bench/overhead/helloServer.ts'), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port, pid } = await new Promise<{ port: number; pid: number }>((resolve, reject) => {
    child.once('message', resolve as (m: unknown) => void);
    child.once('exit', (code) => reject(new Error(`hello-world server exited with ${code}`)));
  });
  return { baseUrl: `http://127.0.0.1:${port}`, pid, stop: () => child.kill() };
}

interface EngineRun {
  engine: string;
  hello: Measured;
  session: Measured;
  song: Measured;
  profiles: Record<string, ProfileSummary>;
}

async function profiled(ctx: BenchContext, server: BenchServer, name: string, target: Target, profiles: Record<string, ProfileSummary>) {
  await server.call({ cmd: 'profileStart' });
  await load({ baseUrl: target.baseUrl, paths: target.paths, headers: target.headers, connections: CONNECTIONS, seconds: SECONDS });
  const file = await server.call<string>({ cmd: 'profileStop', file: path.join(OUT_DIR, 'profiles', `overhead-${name}.cpuprofile`) });
  profiles[name] = summarizeProfile(file);
  ctx.log(`overhead: CPU profile of ${target.label} in ${path.relative(process.cwd(), file)}`);
}

async function runEngine(ctx: BenchContext, engine: 'PGlite' | 'PostgreSQL', hello: Target): Promise<EngineRun> {
  const server = await startBenchServer({ databaseUrl: engine === 'PostgreSQL' ? ctx.databaseUrl : undefined });
  try {
    await server.call({ cmd: 'seedSongs', count: SONG_COUNT });
    const ids = (await server.call<{ id: string }[]>({ cmd: 'sql', text: 'select id from songs order by random() limit 100' })).map((r) => r.id);
    const user = await server.user();
    const headers = { authorization: `Bearer ${user.token}` };
    const session: Target = { label: 'GET /api/auth/session', baseUrl: server.baseUrl, pid: server.pid, paths: ['/api/auth/session'], headers };
    const song: Target = { label: 'GET /api/songs/:id', baseUrl: server.baseUrl, pid: server.pid, paths: ids.map((id) => `/api/songs/${id}`), headers };
    for (const target of [hello, session, song]) {
      const probe = await fetch(target.baseUrl + target.paths[0], { headers: target.headers });
      if (!probe.ok) throw new Error(`${target.label} answered ${probe.status}`);
      await load({ baseUrl: target.baseUrl, paths: target.paths, headers: target.headers, connections: CONNECTIONS, seconds: 2 });
    }
    const rounds: Record<'hello' | 'session' | 'song', Measured[]> = { hello: [], session: [], song: [] };
    for (let r = 0; r < ROUNDS; r += 1) {
      ctx.log(`overhead (${engine}): round ${r + 1} of ${ROUNDS}: hello-world, /api/auth/session, /api/songs/:id`);
      rounds.hello.push(await measure(hello));
      rounds.session.push(await measure(session));
      rounds.song.push(await measure(song));
    }
    const profiles: Record<string, ProfileSummary> = {};
    if (ctx.profile) {
      await profiled(ctx, server, `${engine}-session`, session, profiles);
      await profiled(ctx, server, `${engine}-song`, song, profiles);
    }
    return { engine, hello: best(rounds.hello), session: best(rounds.session), song: best(rounds.song), profiles };
  } finally {
    await server.stop();
  }
}

function figures(run: EngineRun): Figure[] {
  const { engine, hello } = run;
  const helloCpu = { value: hello.cpuPerRequest.mainThread, what: 'bare Fastify hello-world' };
  const helloRps = { value: hello.loaded.requestsPerSecond, what: 'bare Fastify hello-world' };
  const helloP50 = { value: hello.single.latencyMs.p50, what: 'bare Fastify hello-world' };
  const cpuNote = (m: Measured) =>
    `whole process ${round(m.cpuPerRequest.process)} ms per request (hello-world ${round(hello.cpuPerRequest.process)}); ${round(m.loaded.requestsPerSecond)} req/s at ${CONNECTIONS} connections, p50 ${round(m.loaded.latencyMs.p50)} ms, p95 ${round(m.loaded.latencyMs.p95)} ms`;
  return [
    atMost(`server CPU per authenticated no-op request, main thread (${engine})`, 'ms', run.session.cpuPerRequest.mainThread, OVERHEAD_BUDGET_MS, {
      reference: helloCpu,
      ratio: run.session.cpuPerRequest.mainThread / hello.cpuPerRequest.mainThread,
      note: `GET /api/auth/session: ${cpuNote(run.session)}`,
    }),
    info(`server CPU per GET /api/songs/:id, main thread (${engine})`, 'ms', run.song.cpuPerRequest.mainThread, {
      reference: helloCpu,
      ratio: run.song.cpuPerRequest.mainThread / hello.cpuPerRequest.mainThread,
      note: cpuNote(run.song),
    }),
    info(`GET /api/auth/session requests/s at ${CONNECTIONS} connections (${engine})`, 'req/s', run.session.loaded.requestsPerSecond, {
      reference: helloRps,
      ratio: run.session.loaded.requestsPerSecond / hello.loaded.requestsPerSecond,
    }),
    info(`GET /api/songs/:id requests/s at ${CONNECTIONS} connections (${engine})`, 'req/s', run.song.loaded.requestsPerSecond, {
      reference: helloRps,
      ratio: run.song.loaded.requestsPerSecond / hello.loaded.requestsPerSecond,
    }),
    info(`GET /api/auth/session p50, one connection (${engine})`, 'ms', run.session.single.latencyMs.p50, {
      reference: helloP50,
      ratio: run.session.single.latencyMs.p50 / hello.single.latencyMs.p50,
      note: `p99 ${round(run.session.single.latencyMs.p99)} ms (hello-world ${round(hello.single.latencyMs.p99)})`,
    }),
    info(`GET /api/songs/:id p50, one connection (${engine})`, 'ms', run.song.single.latencyMs.p50, {
      reference: helloP50,
      ratio: run.song.single.latencyMs.p50 / hello.single.latencyMs.p50,
      note: `p99 ${round(run.song.single.latencyMs.p99)} ms (hello-world ${round(hello.single.latencyMs.p99)})`,
    }),
  ];
}

export const overheadPart: Part = {
  name: 'overhead',
  title: "Overhead: the server's own cost per API request, beside a bare Fastify",
  limitSeconds: 420,
  async run(ctx) {
    const helloServer = await startHello();
    try {
      const hello: Target = { label: 'hello-world', baseUrl: helloServer.baseUrl, pid: helloServer.pid, paths: ['/'] };
      const runs = [await runEngine(ctx, 'PGlite', hello)];
      if (ctx.databaseUrl) runs.push(await runEngine(ctx, 'PostgreSQL', hello));
      return {
        method: `The app in its own process (bench/lib/benchServer.ts, ${SONG_COUNT.toLocaleString('en-US')} generated songs) and, in another, a bare Fastify of the same version answering GET / with \`{"hello":"world"}\` (bench/overhead/helloServer.ts). autocannon sends, in turn, the hello-world, GET /api/auth/session with a signed-in user's token (the authenticated no-op: the token check and a small answer through the route's response schema) and GET /api/songs/:id over 100 songs, each ${SECONDS} s at ${CONNECTIONS} connections then ${SINGLE_SECONDS} s over one, in ${ROUNDS} rounds after a 2 s warm-up each; the round with the least CPU per request is kept. CPU per request is the server's CPU time (/proc utime + stime) over the ${CONNECTIONS}-connection load divided by the requests answered: of its main thread (the event loop: HTTP, auth, routing, the pg driver, row mapping, serialization; the embedded database runs on a worker thread, PostgreSQL in its own processes) against the ${OVERHEAD_BUDGET_MS} ms budget, and of the whole process in the note. PGlite always; PostgreSQL too when DATABASE_URL is set. With --profile, CPU profiles of the two routes go to bench/out/profiles.`,
        figures: runs.flatMap(figures),
        details: Object.fromEntries(runs.map((r) => [r.engine, r])),
      };
    } finally {
      helloServer.stop();
    }
  },
};
