import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/testApp';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

// With the default 100 histogram entries, a rare multi-word term that happens to match one sampled
// entry is estimated at 1 % of the library, and the planner reads songs_sort_idx in order through
// tens of thousands of rows instead of using the trigram index (npm run bench, docs/benchmarks.md).
it('keeps a 1,000-entry histogram on songs.search_text so that rare terms are planned on the trigram index', async () => {
  const result = (await t.app.db.execute(
    sql`select attstattarget::int as target from pg_attribute where attrelid = 'songs'::regclass and attname = 'search_text'`,
  )) as unknown as { rows: { target: number }[] };
  expect(result.rows[0].target).toBe(1000);
});
