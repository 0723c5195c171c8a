/**
 * By hand (docs/decisions/footprint.md): what PGLITE_WASM costs in query time. One embedded
 * database in its thread per run, a few CPU-heavy queries timed after a warm-up.
 *   npx tsx bench/footprint/wasmTier.ts baseline|optimized
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/open';
import { summarize } from '../lib/stats';

const QUERIES = {
  series: 'select count(*) from generate_series(1, 600000) g where g % 7 = 3',
  trigram: `select count(*) from (select md5(g::text) as t from generate_series(1, 20000) g) s where t % 'abcdef'`,
  sort: 'select sum(x) from (select g * 7919 % 100003 as x from generate_series(1, 200000) g order by 1) s',
};

const tier = process.argv[2] === 'optimized' ? 'optimized' : 'baseline';
const database = await openDatabase({ poolSize: 1, pgliteWasm: tier });
await database.db.execute(sql`create extension if not exists pg_trgm`);
const figures: Record<string, number> = {};
for (const [name, text] of Object.entries(QUERIES)) {
  const times: number[] = [];
  for (let i = 0; i < 8; i += 1) {
    const started = performance.now();
    await database.db.execute(sql.raw(text));
    if (i >= 3) times.push(performance.now() - started);
  }
  figures[name] = Math.round(summarize(times).p50);
}
const rssMb = Math.round(process.memoryUsage().rss / 1048576);
console.log(JSON.stringify({ tier, ...figures, rssMb }));
await database.close();
