import path from 'node:path';
import { summarizeProfile, type ProfileSummary } from '../lib/cpuprofile';
import { load, type LoadResult } from '../lib/load';
import type { BenchContext, Part } from '../lib/part';
import { OUT_DIR } from '../lib/paths';
import { atMost, info, type Figure } from '../lib/report';
import { startBenchServer } from '../lib/serverHandle';
import { round, summarize } from '../lib/stats';
import { foldText } from '../../src/server/lib/text';
import { escapeLike } from '../../src/server/library/songs/songQueries';
import { searchTerms } from './library';
import { serverCpuMs } from '../overhead/serverCpu';

export const SONG_COUNT = 100_000;
export const CONNECTIONS = 4;
export const SECONDS = 10;
const P95_BUDGET_MS = 25;

/** Terms whose query plans go into results.json: a prefix, a word, a phrase, a miss. */
const EXPLAINED = ['riv', 'midnight', 'golden harbor', 'zzyzx'];

/** The statistics target proposed for songs.search_text (see bench/notes.md, "Search"). */
export const PROPOSED_STATISTICS = 1000;

interface EngineRun {
  engine: string;
  seedMs: number;
  /** the statistics target search_text had as the app's migrations left it (-1: the default, 100) */
  statisticsTarget: number;
  ours: LoadResult;
  /** the same load after `alter column search_text set statistics 1000; analyze` (only when the app does not do it already) */
  proposed: LoadResult | null;
  /** one connection, after the proposed fix when it ran */
  single: LoadResult;
  reference: LoadResult;
  plans: Record<string, { ours: string[]; proposed: string[]; reference: string[] }>;
  /** the query alone inside the database, every term once: as the app is, and with the proposed statistics */
  sql: { ours: QueryTimes; proposed: QueryTimes | null };
  /** with --profile: where the server's CPU went during the "as the app is" load */
  profile: ProfileSummary | null;
  /** the server's CPU per search during the "as the app is" load, ms (bench/overhead/serverCpu.ts) */
  cpuPerRequest: { process: number; mainThread: number };
}

/** The query listSongs sends (library/songs/songQueries.ts) for a LIKE pattern, written out for EXPLAIN. */
function searchSql(like: string): string {
  const columns =
    'id, title, artist, duration_ms, path, created_at, source, album, album_id, album_artist, artists, track_number, disc_number, year, genres, codec, bit_rate, playable, unplayable_reason, artwork_hash, rg_track_gain, rg_track_peak, rg_album_gain, rg_album_peak, sort_key';
  return `select ${columns} from songs where search_text like '${like}' order by sort_key, id limit 51`;
}

async function explain(server: Awaited<ReturnType<typeof startBenchServer>>, term: string): Promise<string[]> {
  const like = `%${term.replace(/'/g, "''")}%`;
  const rows = await server.call<Record<string, string>[]>({
    cmd: 'sql',
    text: `explain (analyze, costs off) ${searchSql(like)}`,
  });
  return rows.map((r) => Object.values(r)[0]).filter((line) => !/^\s*(Buffers|Planning:|Index Searches)/.test(line));
}

interface QueryTimes {
  /** EXPLAIN ANALYZE execution time of the search query, every distinct term once, ms */
  summary: ReturnType<typeof summarize>;
  /** the slowest terms, with the plan node that read the rows */
  slowest: { term: string; ms: number; scan: string }[];
}

/** The query listSongs sends, timed inside the database for every distinct term (no HTTP, no queueing). */
async function queryTimes(server: Awaited<ReturnType<typeof startBenchServer>>, terms: string[]): Promise<QueryTimes> {
  const rows: { term: string; ms: number; scan: string }[] = [];
  for (const term of [...new Set(terms.map(foldText))]) {
    const like = `%${escapeLike(term).replace(/'/g, "''")}%`;
    const plan = await server.call<Record<string, string>[]>({
      cmd: 'sql',
      text: `explain (analyze, costs off) ${searchSql(like)}`,
    });
    const lines = plan.map((r) => Object.values(r)[0]);
    const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.find((l) => l.startsWith('Execution Time')) ?? '')?.[1] ?? Number.NaN);
    const scan = (lines.find((l) => /Scan/.test(l)) ?? '').replace(/^[\s->]+/, '').replace(/\s*\(actual.*$/, '');
    rows.push({ term, ms, scan });
  }
  rows.sort((a, b) => b.ms - a.ms);
  return { summary: summarize(rows.map((r) => r.ms)), slowest: rows.slice(0, 5) };
}

async function runEngine(ctx: BenchContext, engine: 'PGlite' | 'PostgreSQL'): Promise<EngineRun> {
  const server = await startBenchServer({
    databaseUrl: engine === 'PostgreSQL' ? ctx.databaseUrl : undefined,
  });
  try {
    ctx.log(`search (${engine}): seeding ${SONG_COUNT.toLocaleString('en-US')} songs`);
    const seeded = await server.call<{ inserted: number; ms: number }>({ cmd: 'seedSongs', count: SONG_COUNT });
    const user = await server.user();
    const headers = { authorization: `Bearer ${user.token}` };
    const paths = searchTerms().map((t) => `/api/songs?search=${encodeURIComponent(t)}`);
    const probe = await fetch(server.baseUrl + paths[1], { headers });
    if (!probe.ok) throw new Error(`GET ${paths[1]} answered ${probe.status}: ${(await probe.text()).slice(0, 200)}`);
    const plans: EngineRun['plans'] = {};
    for (const term of EXPLAINED) plans[term] = { ours: await explain(server, term), proposed: [], reference: [] };
    const [{ target }] = await server.call<{ target: number | null }[]>({
      cmd: 'sql',
      text: "select attstattarget as target from pg_attribute where attrelid = 'songs'::regclass and attname = 'search_text'",
    });
    const statisticsTarget = target ?? -1;
    const measure = async (label: string) => {
      ctx.log(`search (${engine}): ${SECONDS} s ${label}`);
      return load({ baseUrl: server.baseUrl, paths, headers, connections: CONNECTIONS, seconds: SECONDS });
    };

    // Warm-up: every term once (the server signs each song's stream URL once per user), then 2 s of load.
    for (const p of paths) await (await fetch(server.baseUrl + p, { headers })).arrayBuffer();
    await load({ baseUrl: server.baseUrl, paths, headers, connections: CONNECTIONS, seconds: 2 });
    const sqlOurs = await queryTimes(server, searchTerms());
    if (ctx.profile) await server.call({ cmd: 'profileStart' });
    const cpuBefore = serverCpuMs(server.pid);
    const ours = await measure('as the app is');
    const cpuAfter = serverCpuMs(server.pid);
    const cpuPerRequest = {
      process: (cpuAfter.process - cpuBefore.process) / ours.requests,
      mainThread: (cpuAfter.mainThread - cpuBefore.mainThread) / ours.requests,
    };
    let profile: ProfileSummary | null = null;
    if (ctx.profile) {
      const file = await server.call<string>({ cmd: 'profileStop', file: path.join(OUT_DIR, 'profiles', `search-${engine}.cpuprofile`) });
      profile = summarizeProfile(file);
      ctx.log(`search (${engine}): CPU profile of the server during the load in ${path.relative(process.cwd(), file)}`);
    }

    let proposed: LoadResult | null = null;
    let sqlProposed: QueryTimes | null = null;
    if (statisticsTarget < PROPOSED_STATISTICS) {
      await server.call({ cmd: 'sql', text: `alter table songs alter column search_text set statistics ${PROPOSED_STATISTICS}` });
      await server.call({ cmd: 'sql', text: 'analyze songs' });
      for (const term of EXPLAINED) plans[term].proposed = await explain(server, term);
      sqlProposed = await queryTimes(server, searchTerms());
      proposed = await measure(`with search_text statistics ${PROPOSED_STATISTICS} (proposed)`);
    }

    ctx.log(`search (${engine}): ${SECONDS} s over one connection (one user typing)`);
    const single = await load({ baseUrl: server.baseUrl, paths, headers, connections: 1, seconds: SECONDS });

    await server.call({ cmd: 'sql', text: 'drop index songs_search_trgm_idx' });
    await server.call({ cmd: 'sql', text: 'analyze songs' });
    for (const term of EXPLAINED) plans[term].reference = await explain(server, term);
    await load({ baseUrl: server.baseUrl, paths, headers, connections: CONNECTIONS, seconds: 2 });
    const reference = await measure('without the trigram index (reference)');
    return {
      engine,
      seedMs: seeded.ms,
      statisticsTarget,
      ours,
      proposed,
      single,
      reference,
      plans,
      profile,
      cpuPerRequest,
      sql: { ours: sqlOurs, proposed: sqlProposed },
    };
  } finally {
    await server.stop();
  }
}

function figures(run: EngineRun): Figure[] {
  const { ours, reference, engine } = run;
  const ref = (value: number) => ({ value, what: 'no trigram index' });
  const out: Figure[] = [
    atMost(`search p95 (${engine})`, 'ms', ours.latencyMs.p95, P95_BUDGET_MS, {
      reference: ref(reference.latencyMs.p95),
      ratio: ours.latencyMs.p95 / reference.latencyMs.p95,
    }),
    info(`search p50 (${engine})`, 'ms', ours.latencyMs.p50, { reference: ref(reference.latencyMs.p50), ratio: ours.latencyMs.p50 / reference.latencyMs.p50 }),
    info(`search p99 (${engine})`, 'ms', ours.latencyMs.p99, { reference: ref(reference.latencyMs.p99), ratio: ours.latencyMs.p99 / reference.latencyMs.p99 }),
    info(`search requests/s (${engine})`, 'req/s', ours.requestsPerSecond, {
      reference: ref(reference.requestsPerSecond),
      ratio: ours.requestsPerSecond / reference.requestsPerSecond,
      note: `${ours.requests} requests (${ours.non2xx} not 2xx, ${ours.errors} errors) against ${reference.requests} without the index; library seeded in ${round(run.seedMs / 1000)} s`,
    }),
  ];
  if (run.proposed) {
    const p = run.proposed;
    out.push(
      info(`search p95 with search_text statistics ${PROPOSED_STATISTICS} (${engine}, proposed fix)`, 'ms', p.latencyMs.p95, {
        reference: ref(reference.latencyMs.p95),
        ratio: p.latencyMs.p95 / reference.latencyMs.p95,
        note: `p50 ${round(p.latencyMs.p50)} ms, p99 ${round(p.latencyMs.p99)} ms, ${round(p.requestsPerSecond)} req/s; ${p.latencyMs.p95 <= P95_BUDGET_MS ? 'within' : 'still over'} the ${P95_BUDGET_MS} ms budget`,
      }),
    );
  }
  out.push(
    info(`server CPU per search, main thread (${engine})`, 'ms', run.cpuPerRequest.mainThread, {
      note: `the whole process ${round(run.cpuPerRequest.process)} ms (the embedded database's thread included; PostgreSQL's own processes not); /proc utime + stime over the ${CONNECTIONS}-connection load divided by its requests`,
    }),
  );
  const q = run.sql;
  out.push(
    info(`the query alone, every term once: p99 (${engine})`, 'ms', q.ours.summary.p99, {
      ...(q.proposed
        ? { reference: { value: q.proposed.summary.p99, what: `with statistics ${PROPOSED_STATISTICS}` }, ratio: q.ours.summary.p99 / q.proposed.summary.p99 }
        : {}),
      note: `EXPLAIN ANALYZE inside the database, no HTTP: p50 ${round(q.ours.summary.p50)} ms, max ${round(q.ours.summary.max)} ms; slowest: ${q.ours.slowest
        .slice(0, 3)
        .map((r) => `"${r.term}" ${round(r.ms)} ms (${r.scan})`)
        .join(
          ', ',
        )}${q.proposed ? `; with statistics ${PROPOSED_STATISTICS}: p50 ${round(q.proposed.summary.p50)} ms, max ${round(q.proposed.summary.max)} ms` : ''}`,
    }),
  );
  out.push(
    info(`search p95 over one connection (${engine}${run.proposed ? ', with the proposed fix' : ''})`, 'ms', run.single.latencyMs.p95, {
      note: `p50 ${round(run.single.latencyMs.p50)} ms, p99 ${round(run.single.latencyMs.p99)} ms, ${round(run.single.requestsPerSecond)} req/s: one request at a time, no queueing behind other searches`,
    }),
  );
  if (ours.non2xx || ours.errors) out[0] = { ...out[0], met: false, note: `${ours.non2xx} answers were not 2xx and ${ours.errors} failed` };
  return out;
}

export const searchPart: Part = {
  name: 'search',
  title: 'Search: GET /api/songs?search= over 100,000 songs',
  limitSeconds: 300,
  async run(ctx) {
    const runs = [await runEngine(ctx, 'PGlite')];
    if (ctx.databaseUrl) runs.push(await runEngine(ctx, 'PostgreSQL'));
    return {
      method: `${SONG_COUNT.toLocaleString('en-US')} generated songs (titles, artists and durations from a seeded generator; bench/search/library.ts) in a temporary database, the app in its own process (bench/lib/benchServer.ts). autocannon sends GET /api/songs?search=<term> with a signed-in user's token over ${CONNECTIONS} connections for ${SECONDS} s after a warm-up (every term once, then 2 s of load), cycling through ${searchTerms().length} terms: three-letter prefixes, whole words, title phrases, artist names, accent-free spellings of accented words, punctuation and misses. Latencies are every response's own time (exact percentiles). The library is ANALYZEd after seeding, as PostgreSQL's autovacuum would do. When the app leaves songs.search_text at the default statistics target, the same load runs again after \`alter table songs alter column search_text set statistics ${PROPOSED_STATISTICS}; analyze songs\` (the proposed fix, see the notes below), and then once more over a single connection. Reference: the same server and queries right after \`drop index songs_search_trgm_idx\`. PGlite always; PostgreSQL too when DATABASE_URL is set. Query plans (EXPLAIN ANALYZE) for a few terms are in results.json.`,
      figures: runs.flatMap(figures),
      details: Object.fromEntries(runs.map((r) => [r.engine, r])),
    };
  },
};
