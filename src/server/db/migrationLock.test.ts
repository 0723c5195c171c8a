/**
 * Two instances starting together on one PostgreSQL: both migrate at once on a fresh database, and
 * each migration is applied once (the advisory lock in migrateDatabase). PostgreSQL only (npm run
 * test:pg): an embedded database belongs to one process.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { createEmptyTestDatabase } from '../test/testDb';
import { MIGRATIONS_FOLDER, migrateDatabase, openDatabase, type Database } from './open';

const describeWithPostgres = process.env.DATABASE_URL ? describe : describe.skip;
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };

describeWithPostgres('migrations on one PostgreSQL from two instances at once', () => {
  let owner: Database;
  const others: Database[] = [];

  beforeAll(async () => {
    const fresh = await createEmptyTestDatabase();
    owner = fresh.database;
    // two more pools of their own, as two processes would have; a pool of one connection each
    for (let i = 0; i < 2; i++) others.push(await openDatabase({ databaseUrl: fresh.url, poolSize: 1 }));
  }, 30_000);

  const rows = async <T>(query: SQL) => ((await owner.db.execute(query)) as unknown as { rows: T[] }).rows;

  afterAll(async () => {
    for (const database of others) await database.close();
    await owner?.close();
  });

  it('both succeed and every migration is recorded once', async () => {
    await Promise.all(others.map((database) => migrateDatabase(database)));
    const applied = await rows<{ hash: string; times: number }>(sql`select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash`);
    expect(applied).toHaveLength(journal.entries.length);
    expect(applied.every((row) => row.times === 1)).toBe(true);
    // the schema is whole: the last migration's index is there
    expect(await rows(sql`select 1 from pg_indexes where indexname = 'songs_artists_lower_idx'`)).toHaveLength(1);
    // and nobody holds the lock any more
    expect(
      await rows(sql`select 1 from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`),
    ).toHaveLength(0);
  }, 30_000);
});
