/** The songs-shaped table and the timed queries every candidate answers, through drizzle as the app does. */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { summarize } from '../lib/stats';

/** What both drizzle flavours (pglite, node-postgres) share for this workload. */
export interface Drizzle {
  execute(query: ReturnType<typeof sql>): Promise<unknown>;
  transaction<T>(run: (tx: { execute(query: ReturnType<typeof sql>): Promise<unknown> }) => Promise<T>): Promise<T>;
}

export const SONG_COUNT = 10_000;
const WORDS = [
  'love',
  'night',
  'river',
  'summer',
  'ghost',
  'golden',
  'electric',
  'midnight',
  'ocean',
  'fire',
  'shadow',
  'dream',
  'silver',
  'wild',
  'heart',
  'city',
  'rain',
  'velvet',
  'echo',
  'stone',
  'paper',
  'crystal',
  'thunder',
  'broken',
  'northern',
  'lights',
  'highway',
  'honey',
  'winter',
  'sky',
];

/** Deterministic pseudo-random numbers, so every candidate holds the same rows and asks the same questions. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function phrase(random: () => number, words: number): string {
  return Array.from({ length: words }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
}

/** rows() gives PGlite's `{ rows }` and pg's `{ rows }` alike. */
export function rows(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

export async function createAndSeed(db: Drizzle): Promise<void> {
  await db.execute(sql`create extension if not exists pg_trgm`);
  await db.execute(sql`drop table if exists songs`);
  await db.execute(sql`create table songs (id integer primary key, title text not null, artist text not null, search_text text not null)`);
  const random = seededRandom(17);
  for (let start = 1; start <= SONG_COUNT; start += 500) {
    const values = [];
    for (let id = start; id < start + 500; id++) {
      const title = phrase(random, 2 + Math.floor(random() * 3));
      const artist = `the ${phrase(random, 2)}s`;
      values.push(sql`(${id}, ${title}, ${artist}, ${`${title} ${artist}`.toLowerCase()})`);
    }
    await db.execute(sql`insert into songs (id, title, artist, search_text) values ${sql.join(values, sql`, `)}`);
  }
  await db.execute(sql`create index songs_search_trgm on songs using gin (search_text gin_trgm_ops)`);
  await db.execute(sql`analyze songs`);
}

export interface Sampled {
  samples: number[];
  /** answers that were not the right rows (a multiplexer that mixes up connections would show here) */
  wrong: number;
  errors: number;
}

type Ask = (random: () => number) => Promise<boolean>;

/** A trigram ILIKE search; right when every row holds the fragment. */
export function searchAsk(db: Drizzle): Ask {
  return async (random) => {
    const word = WORDS[Math.floor(random() * WORDS.length)];
    const from = Math.floor(random() * (word.length - 3));
    const fragment = word.slice(from, from + 3 + Math.floor(random() * 2));
    const found = rows(await db.execute(sql`select id, title, artist from songs where search_text ilike ${`%${fragment}%`} order by title, id limit 50`));
    return found.length > 0 && found.every((row) => `${row.title} ${row.artist}`.includes(fragment));
  };
}

/** A primary-key lookup; right when the row asked for comes back. */
export function lookupAsk(db: Drizzle): Ask {
  return async (random) => {
    const id = 1 + Math.floor(random() * SONG_COUNT);
    const found = rows(await db.execute(sql`select id, title, artist from songs where id = ${id}`));
    return found.length === 1 && Number(found[0].id) === id;
  };
}

/** A write: insert then delete one row in a transaction; right when the table is as it was. */
export function writeAsk(db: Drizzle): Ask {
  return async (random) => {
    const id = SONG_COUNT + 1 + Math.floor(random() * 1e9);
    const deleted = await db.transaction(async (tx) => {
      await tx.execute(sql`insert into songs (id, title, artist, search_text) values (${id}, 'w', 'w', 'w w')`);
      return rows(await tx.execute(sql`delete from songs where id = ${id} returning id`));
    });
    return deleted.length === 1;
  };
}

/** `clients` loops, each asking `perClient` times one after another; all start together. */
export async function runClients(ask: Ask, clients: number, perClient: number, seed: number): Promise<Sampled> {
  const result: Sampled = { samples: [], wrong: 0, errors: 0 };
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const random = seededRandom(seed * 31 + client);
      for (let i = 0; i < perClient; i++) {
        // Each question starts in a macrotask of its own, as a request arriving from the network would,
        // and its time includes waiting for this thread (the wait a request sees while PGlite runs on it).
        const started = performance.now();
        await new Promise((resolve) => setImmediate(resolve));
        try {
          if (!(await ask(random))) result.wrong++;
        } catch {
          result.errors++;
        }
        result.samples.push(performance.now() - started);
      }
    }),
  );
  return result;
}

export interface Figures {
  search1: ReturnType<typeof summarize>;
  lookup1: ReturnType<typeof summarize>;
  search4: ReturnType<typeof summarize>;
  lookup4: ReturnType<typeof summarize>;
  /** event-loop delay of this (the main) thread while the 4-client searches and lookups ran, ms */
  loopDelayIdleP99: number;
  loopDelay4: { p50: number; p99: number; max: number; samples: number };
  write: ReturnType<typeof summarize>;
  wrong: number;
  errors: number;
}

export async function measure(db: Drizzle, poolSize: number): Promise<Figures> {
  const search = searchAsk(db);
  const lookup = lookupAsk(db);
  await runClients(search, 1, 20, 1);
  await runClients(lookup, 1, 20, 2);
  const runs: Sampled[] = [];
  const keep = (sampled: Sampled) => (runs.push(sampled), summarize(sampled.samples));
  const search1 = keep(await runClients(search, 1, 150, 3));
  const lookup1 = keep(await runClients(lookup, 1, 300, 4));
  const ms = (ns: number) => ns / 1e6;
  // The histogram's values include its 10 ms timer interval: an idle loop reads about 10-11 ms.
  const idle = monitorEventLoopDelay({ resolution: 10 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  idle.disable();
  const loopDelayIdleP99 = ms(idle.percentile(99));
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const search4 = keep(await runClients(search, poolSize, 100, 5));
  const lookup4 = keep(await runClients(lookup, poolSize, 200, 6));
  histogram.disable();
  const loopDelay4 = {
    p50: ms(histogram.percentile(50)),
    p99: ms(histogram.percentile(99)),
    max: ms(histogram.max),
    samples: histogram.count,
  };
  const write = keep(await runClients(writeAsk(db), 1, 100, 7));
  const wrong = runs.reduce((sum, run) => sum + run.wrong, 0);
  const errors = runs.reduce((sum, run) => sum + run.errors, 0);
  return { search1, lookup1, search4, lookup4, loopDelayIdleP99, loopDelay4, write, wrong, errors };
}
