/**
 * The mixed part: simulated users doing what people do in the app (sign in, search, browse
 * albums and songs, stream ranges, like and unlike, vote, radio socket open throughout) from a
 * process of their own, against the embedded default, today's arrangement (PGlite on the main
 * thread) and PostgreSQL, each a fresh server. startMixedLoad is exported for other parts (the
 * stream part measures ranges beside this load).
 */
import type { Part } from '../lib/part';
import { BUDGET_USERS, BUDGETS, mixedFigures } from './figures';
import { LIBRARY, STREAM_FILES, SUGGESTIONS } from './load';
import { ACTION_WEIGHTS, RANGE_BYTES, THINK_MS } from './mix';
import { DURATION_MS, runArrangement, SKIPS_AT_MS, SOCKETS, USER_COUNTS, type Arrangement, type ArrangementResult } from './run';

export { prepareMixed, startMixedLoad, type MixedFixture, type MixedLoad, type MixedLoadOptions } from './load';

function arrangements(databaseUrl: string | undefined): Arrangement[] {
  const list: Arrangement[] = [
    // what `npm start` runs: no BENCH_PGLITE_THREAD, PGlite on disk in DATA_DIR
    { key: 'embedded', label: 'embedded default (as npm start)', env: { BENCH_PGLITE_ON_DISK: '1', BENCH_PGLITE_THREAD: '' } },
    { key: 'main', label: 'PGlite on the main thread', env: { BENCH_PGLITE_ON_DISK: '1', BENCH_PGLITE_THREAD: 'main' } },
  ];
  if (databaseUrl) list.push({ key: 'pg', label: 'PostgreSQL', env: { BENCH_PGLITE_THREAD: '' }, databaseUrl });
  // MIXED_ONLY=embedded,pg: a subset, when profiling one arrangement (a full run measures all)
  const only = process.env.MIXED_ONLY?.split(',').filter(Boolean);
  return only?.length ? list.filter((a) => only.includes(a.key)) : list;
}

const weights = Object.entries(ACTION_WEIGHTS)
  .map(([action, weight]) => `${action} ${weight}`)
  .join(', ');

const METHOD = `Each arrangement is a fresh app server in its own process (bench/lib/benchServer.ts): the embedded default as \`npm start\` runs it (PGlite on disk in DATA_DIR, no BENCH_PGLITE_THREAD), today's arrangement as the reference (BENCH_PGLITE_THREAD=main, on disk too), and PostgreSQL (a scratch database, created and dropped) when DATABASE_URL is set. Each server gets ${LIBRARY.songs.toLocaleString('en-US')} generated songs on ${LIBRARY.albums.toLocaleString('en-US')} albums by ${LIBRARY.artists} artists (bench/subsonic/library.ts), ${STREAM_FILES} real 5 MB WAV files (bench/lib/audioFile.ts), ${Math.max(...USER_COUNTS)} accounts with a known password, ${SUGGESTIONS} Music Box suggestions, and the radio on with a queue. The users run in a separate process (bench/mixed/worker.ts), each with its own keep-alive agent and X-Forwarded-For address (the server runs with TRUST_PROXY=127.0.0.1, as behind a reverse proxy, so the per-address sign-in limit sees one address per user). Before the measured window: ${SOCKETS} radio sockets in all (the users' own plus extra listeners with their own sessions), and every user signs in through POST /api/auth/login (4 at a time, since scrypt runs on libuv's 4 threads; those times are the sign-in row) and opens its radio socket, kept open throughout. Then for ${DURATION_MS / 1000} s each user, after a first think time, repeats a weighted pick (${weights}) with a seeded random think time of ${THINK_MS.min / 1000}-${THINK_MS.max / 1000} s between actions: search = GET /api/search?q= a three-letter term; albums = GET /api/albums?sort=recent|name|artist|year&limit=50 then GET /api/albums/:id of one of them; songs = the next page of GET /api/songs?limit=50 then GET /api/songs/:id; stream = GET /api/songs/stream/:id with the session's wl_stream cookie and a random ${RANGE_BYTES.min / 1024} KiB-${RANGE_BYTES.max / 1024 / 1024} MiB Range (206 and the exact length expected); like = POST /api/liked-songs/:id/toggle twice (liked, then not); vote = GET /api/musicbox/suggestions?sort=popular (page 1-5) then POST /api/musicbox/suggestions/:id/toggle-vote. Each request is timed from sending to its last byte and counted under its route family; an error is any unexpected status, a timeout (10 s), a socket error, a wrong range length, a toggle that did not flip, a radio socket that closed or errored during the run, or a socket without its TRACK_CHANGE after a skip. At ${SKIPS_AT_MS.map((t) => t / 1000).join(', ')} s into the window the admin skips (POST /api/radio/skip from the load process), and every ready socket's next TRACK_CHANGE is timed from sending the skip, on the load process's clock. In the server, perf_hooks.monitorEventLoopDelay (10 ms resolution) runs over the window; its RSS is read from /proc every 250 ms. ${USER_COUNTS.join(' then ')} users, one after the other on the same server. Budgets (issue 17) for ${BUDGET_USERS} users on the embedded default: all requests p99 ≤ ${BUDGETS.p99Ms} ms, ${BUDGETS.errors} errors, event-loop delay p99 ≤ ${BUDGETS.loopDelayP99Ms} ms, skip delivery p99 ≤ ${BUDGETS.skipP99Ms} ms to ${SOCKETS} sockets; errors must be 0 everywhere; the rest is information.`;

export const mixedPart: Part = {
  name: 'mixed',
  title: 'Mixed load: 100 then 300 simulated users (search, albums, songs, ranges, likes, votes, radio sockets), radio skips to 500 sockets during it',
  // per arrangement: start and seed ~20 s, 100 then 300 sign-ins (scrypt, ~60 ms of CPU each) and
  // 2 × 30 s windows: ~100 s on a quiet 2-core machine (about 5 minutes for the three); measured
  // 693 s in all on the shared machine at load average 18-19, hence the margin
  limitSeconds: 900,
  async run(ctx) {
    const results: ArrangementResult[] = [];
    for (const arrangement of arrangements(ctx.databaseUrl)) {
      ctx.log(`mixed: ${arrangement.label}`);
      results.push(await runArrangement(ctx, arrangement));
    }
    return {
      method: METHOD,
      figures: mixedFigures(results),
      details: { arrangements: results },
    };
  },
};
