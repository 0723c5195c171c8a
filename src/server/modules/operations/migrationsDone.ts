import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type Db } from '../../db/open';
import { rowsOf } from '../../db/rowsOf';

/** The newest migration this release carries (its journal's `when`, which drizzle records as created_at). */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
}

/**
 * Whether the database has every migration of this release applied (a newer release's are fine).
 * Once true it stays true, so a ready instance asks the migrations table only once.
 */
export function migrationsCheck(db: Db): () => Promise<boolean> {
  let done = false;
  let newest: number | null = null;
  return async () => {
    if (done) return true;
    newest ??= newestMigration();
    const table = rowsOf<{ present: boolean }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`));
    if (!table[0]?.present) return false;
    const result = rowsOf<{ last: string | null }>(await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`));
    const last = result[0]?.last;
    done = last !== null && last !== undefined && Number(last) >= newest;
    return done;
  };
}
