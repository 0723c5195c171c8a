import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { createTestDatabase } from '../test/testDb';
import { listTables } from './catalog';
import { insertRows } from './restore';
import { queryRows, setTextSettings } from './sqlRows';
import { streamTableRows } from './tableRows';

/**
 * The row format's round trip for types the app's tables use and some they may come to use: each
 * value goes out as PostgreSQL's text form and comes back through the column type's own input.
 */
const COLUMNS = `id int primary key, bin bytea, doc json, docb jsonb, at timestamptz, local_at timestamp, day date, span interval,
  amount numeric(30, 10), r real, d double precision, tags text[], grid int[][], ids uuid[], flag boolean, note text`;

const ROWS = `
  (1, '\\x00ff10deadbeef'::bytea, '{"a": [1, 2.50, "x"], "b": null}', '{"z": "é\\n\\"", "n": 1e300}', '2026-01-02 03:04:05.123456+05:30',
   '1999-12-31 23:59:59.999999', '2000-02-29', '1 year 2 mons 3 days 04:05:06.789', 12345678901234567890.0123456789,
   3.4028235e38, 2.2250738585072014e-308, array['a,b', 'c"d', null, '', 'NULL', 'ü 😀'], '{{1,2},{3,4}}',
   array['00000000-0000-0000-0000-000000000001']::uuid[], true, E'line\\nbreak \\\\ back\\tslash ''quote'''),
  (2, ''::bytea, 'null', '[]', 'infinity', '-infinity', '0001-01-01 BC', '-1 days', 'NaN', '-0', 'Infinity', '{}', '{}', '{}', false, ''),
  (3, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null)`;

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql.raw(`create table wl_probe_a (${COLUMNS}); create table wl_probe_b (${COLUMNS})`));
  await database.db.execute(sql.raw(`insert into wl_probe_a values ${ROWS}`));
});

afterAll(async () => {
  await database.db.execute(sql.raw('drop table wl_probe_a; drop table wl_probe_b'));
  await database.close();
});

test('bytea, json, timestamps, intervals, numerics, floats and arrays come back exactly, NULL as NULL', async () => {
  await database.db.transaction(async (tx) => {
    await setTextSettings(tx);
    const tables = await listTables(tx);
    const [from, to] = ['wl_probe_a', 'wl_probe_b'].map((name) => tables.find((t) => t.table === name)!);
    const { rows } = await streamTableRows(tx, from, (lines) => insertRows(tx, to, lines));
    expect(rows).toBe(3);
  });
  const text = (table: string) => queryRows<{ all: string }>(database.db, `select string_agg(t::text, E'\\n' order by t.id) as all from ${table} t`);
  expect(await text('wl_probe_b')).toEqual(await text('wl_probe_a'));
  const [same] = await queryRows<{ n: number }>(
    database.db,
    `select count(*)::int as n from wl_probe_a a join wl_probe_b b using (id)
      where a.bin is not distinct from b.bin and a.docb is not distinct from b.docb and a.doc::text is not distinct from b.doc::text
        and a.at is not distinct from b.at and a.amount is not distinct from b.amount and a.r is not distinct from b.r
        and a.d is not distinct from b.d and a.tags is not distinct from b.tags and a.grid is not distinct from b.grid and a.span is not distinct from b.span`,
  );
  expect(same.n).toBe(3);
});
