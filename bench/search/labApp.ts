/**
 * Query lab: the whole search route in-process (app.inject: auth, session check, query, toSong,
 * serialization) against the query alone, one request at a time, in CPU time, over lab.ts's dump
 * of the library. npx tsx bench/search/labApp.ts (after `npx tsx bench/search/lab.ts pglite`);
 * LAB_PROFILE=1 also writes a CPU profile of the route to /tmp/search-route.cpuprofile.
 */
import { readFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { writeFile } from 'node:fs/promises';
import { migrateDatabase, openDatabase } from '../../src/server/db/open';
import { createTestApp, createUser } from '../../src/server/test/testApp';
import { listSongs } from '../../src/server/library/songs/songQueries';
import { searchTerms } from './library';

const database = await openDatabase({ pgliteLoadDataDir: new Blob([await readFile('/tmp/search-lab-100000.tar.gz')]) });
await migrateDatabase(database);
const t = await createTestApp({ database });
const user = await createUser(t);
const terms = searchTerms();
const cpu = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};
const q = (times: number[], p: number) => [...times].sort((a, b) => a - b)[Math.floor(p * times.length)].toFixed(2);

async function timeIt(label: string, fn: (term: string) => Promise<unknown>) {
  for (const term of terms) await fn(term);
  const times: number[] = [];
  for (let r = 0; r < 2; r++)
    for (const term of terms) {
      const s = process.cpuUsage();
      await fn(term);
      times.push(cpu(s));
    }
  console.log(`${label.padEnd(12)} p50 ${q(times, 0.5)} p95 ${q(times, 0.95)} mean ${(times.reduce((a, b) => a + b) / times.length).toFixed(2)}`);
}

const route = async (term: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/songs?search=${encodeURIComponent(term)}`, headers: user.headers });
  if (res.statusCode !== 200) throw new Error(res.body);
};
await timeIt('route', route);
await timeIt('listSongs', (term) => listSongs(t.app.db, { search: term, limit: 50 }));
await timeIt('route', route);
if (process.env.LAB_PROFILE) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  await timeIt('route(prof)', route);
  const { profile } = await session.post('Profiler.stop');
  await writeFile('/tmp/search-route.cpuprofile', JSON.stringify(profile));
}
await t.close();
await database.close();
