import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/backup/sqlRows';
import type { Database } from '../../src/server/db/database';

/**
 * A reader that asks what a request asks (one song by id, through the pool) in a loop while `work`
 * runs, and answers the slowest answer and how many it got: what a listener would feel meanwhile.
 */
export async function slowestQueryDuring<T>(database: Database, work: () => Promise<T>): Promise<{ result: T; slowestMs: number; queries: number }> {
  const [{ id }] = await queryRows<{ id: string }>(database.db, 'select id from songs limit 1');
  let running = true;
  let slowestMs = 0;
  let queries = 0;
  const reader = (async () => {
    while (running) {
      const started = performance.now();
      await database.db.execute(sql`select title, artist from songs where id = ${id}`);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      queries += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  try {
    const result = await work();
    running = false;
    // a query still waiting on the work counts too: it is the one that waited longest
    await reader;
    return { result, slowestMs, queries };
  } finally {
    running = false;
    await reader;
  }
}
