/**
 * Query lab (not a bench part): the search query shapes of labVariants.ts over the bench's library
 * (library.ts, 100,000 songs), inside one process, no HTTP. Every variant runs every term of
 * searchTerms() in turn, interleaved, and is timed in CPU time of this process, which a busy shared
 * machine disturbs far less than wall time; each variant's answers are compared with the first's.
 *
 *   npx tsx bench/search/lab.ts [pglite|pg] [variant...]
 *
 * pglite: seeded once, then loaded from a dump in /tmp. pg: a database `search_lab` on
 * DATABASE_URL's server (default 127.0.0.1 as root), seeded once and kept (drop it when done).
 * LAB_SETUP="sql; sql" runs first (e.g. `set enable_indexscan = off`); LAB_KINDS=1 adds the mean
 * per kind of term; LAB_ROUNDS (2) timed rounds after one untimed round.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../../src/server/db/open';
import { foldText } from '../../src/server/lib/text';
import { escapeLike } from '../../src/server/library/songs/songQueries';
import { searchTerms } from './library';
import { seedGeneratedSongs } from './seedSongs';
import { VARIANTS } from './labVariants';

/** CPU time of this process since `from`, ms: steadier than wall time on a shared machine. */
const cpu = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};
const COUNT = Number(process.env.LAB_COUNT ?? 100_000);
const DUMP = `/tmp/search-lab-${COUNT}.tar.gz`;

const seed = (database: Database) => seedGeneratedSongs(database.db, COUNT);

async function open(engine: string): Promise<{ database: Database; done: () => Promise<void> }> {
  if (engine === 'pg') {
    const base = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
    const name = 'search_lab';
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
    if (!exists) await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
    if (!exists) {
      await migrateDatabase(database);
      await seed(database);
    } else await migrateDatabase(database);
    return { database, done: () => database.close() };
  }
  if (existsSync(DUMP)) {
    const database = await openDatabase({ pgliteLoadDataDir: new Blob([await readFile(DUMP)]) });
    await migrateDatabase(database);
    return { database, done: () => database.close() };
  }
  const database = await openDatabase({});
  await migrateDatabase(database);
  await seed(database);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const client = (database.db as any).$client;
  const blob: Blob = await client.dumpDataDir('gzip');
  await writeFile(DUMP, Buffer.from(await blob.arrayBuffer()));
  return { database, done: () => database.close() };
}

const [engine = 'pglite', ...names] = process.argv.slice(2);
const { database, done } = await open(engine);
const db = database.db;
for (const statement of (process.env.LAB_SETUP ?? '').split(';').filter((x) => x.trim())) await db.execute(sql.raw(statement));
const terms = searchTerms();
const rounds = Number(process.env.LAB_ROUNDS ?? 2);
const chosen = names.length ? names : Object.keys(VARIANTS);
const times: Record<string, number[]> = Object.fromEntries(chosen.map((n) => [n, []]));
const ids: Record<string, string> = {};
const byTerm: Record<string, Record<string, number[]>> = {};
for (const name of chosen) {
  const seen: string[][] = [];
  for (const t of terms) seen.push((await VARIANTS[name](db, foldText(t), escapeLike(foldText(t)))).map((r) => r.id));
  ids[name] = JSON.stringify(seen);
}
for (let r = 0; r < rounds; r++) {
  for (const t of terms) {
    for (const name of chosen) {
      const started = process.cpuUsage();
      await VARIANTS[name](db, foldText(t), escapeLike(foldText(t)));
      times[name].push(cpu(started));
      ((byTerm[name] ??= {})[t] ??= []).push(times[name][times[name].length - 1]);
    }
  }
}
for (const name of chosen) {
  const sorted = [...times[name]].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(2);
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  console.log(
    `${engine} ${name.padEnd(16)} p50 ${q(0.5)} p95 ${q(0.95)} p99 ${q(0.99)} mean ${mean.toFixed(2)} ms  same as ${chosen[0]}: ${ids[name] === ids[chosen[0]]}`,
  );
}
if (process.env.LAB_KINDS) {
  const kinds = ['prefix', 'word', 'phrase', 'artist', 'name', 'accent', 'miss', 'punct'];
  for (const name of chosen) {
    const sums: number[][] = kinds.map(() => []);
    terms.forEach((t, i) => sums[i % 8].push(...byTerm[name][t]));
    console.log(name.padEnd(12), kinds.map((k, i) => `${k} ${(sums[i].reduce((a, b) => a + b, 0) / sums[i].length).toFixed(2)}`).join(' '));
  }
}
await done();
