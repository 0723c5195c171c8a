/**
 * One candidate in a process of its own: `seed` opens it on an empty folder (first start), fills the
 * songs table and closes; `bench` opens it again (later start) and measures. Prints one RESULT line.
 * Usage: tsx bench/candidates/candidate.ts <candidate> <seed|bench> <workDir> <scratchDatabase>
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { CANDIDATES, openCandidate, type CandidateName } from './openers';
import { createAndSeed, measure, rows } from './workload';

const SELF_LIMIT_MS = 180_000;

/** Proportional set size in MB: shared pages (PostgreSQL's shared buffers) counted once across processes. */
function pssMb(pid: number | 'self'): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

async function main() {
  const [name, phase, workDir, scratchDatabase] = process.argv.slice(2) as [CandidateName, 'seed' | 'bench', string, string];
  if (!CANDIDATES.includes(name)) throw new Error(`unknown candidate ${name}`);
  setTimeout(() => {
    console.error(`${name} ${phase}: over ${SELF_LIMIT_MS} ms, giving up`);
    process.exit(3);
  }, SELF_LIMIT_MS).unref();

  const started = performance.now();
  const opened = await openCandidate(name, workDir, scratchDatabase);
  await opened.db.execute(sql`select 1`);
  const startMs = performance.now() - started;
  const result: Record<string, unknown> = { name, phase, startMs, hostStartMs: opened.hostStartMs };
  if (phase === 'seed') {
    const seedStarted = performance.now();
    await createAndSeed(opened.db);
    result.seedMs = performance.now() - seedStarted;
  } else {
    const count = rows(await opened.db.execute(sql`select count(*)::int as n from songs`))[0].n;
    if (count !== 10_000) throw new Error(`${name}: songs holds ${String(count)} rows, not 10000`);
    result.figures = await measure(opened.db, opened.poolSize);
    result.rssMainMb = process.memoryUsage().rss / 2 ** 20;
    result.pssMainMb = pssMb('self');
    result.pssDatabaseMb = opened.databasePids().reduce((sum, pid) => sum + pssMb(pid), 0);
  }
  await opened.close();
  console.log(`RESULT ${JSON.stringify(result)}`);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
