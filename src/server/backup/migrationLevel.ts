import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER } from '../db/open';
import { BackupError, type MigrationLevel } from './format';
import { queryRows, type Executor } from './sqlRows';

/** This build's migrations, oldest first, as drizzle's migrator reads them. */
export function localMigrations(): MigrationMeta[] {
  return readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
}

/** Where a database stands: the rows of drizzle's migrations table (none: the table is missing). */
export async function readMigrationLevel(executor: Executor): Promise<MigrationLevel> {
  const [exists] = await queryRows<{ found: boolean }>(executor, `select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
  if (!exists.found) return { count: 0, lastHash: null };
  const [row] = await queryRows<{ count: number; last_hash: string | null }>(
    executor,
    `select count(*)::int as count, (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as last_hash
       from drizzle.__drizzle_migrations`,
  );
  return { count: row.count, lastHash: row.last_hash };
}

/** Refuses a level this build cannot reach: newer than it knows, or a history that is not its own. */
export function checkKnownLevel(level: MigrationLevel, migrations = localMigrations()): void {
  if (level.count > migrations.length) {
    throw new BackupError(
      `the backup is at migration level ${level.count}, newer than this build of Wavelength knows (${migrations.length}): restore it with a newer version`,
    );
  }
  if (level.count === 0) throw new BackupError('the backup names no migration level: it was not made from a Wavelength database');
  if (migrations[level.count - 1].hash !== level.lastHash) {
    throw new BackupError(`the backup's migration ${level.count} is not this build's (its hash differs): it was made by another version of Wavelength`);
  }
}

/**
 * Applies this build's migrations from `from` up to `to` (a count) inside the caller's transaction,
 * recording each in drizzle's table as drizzle's migrator does, so the server's own migrate carries
 * on from there. (drizzle's migrator opens a transaction of its own, which cannot nest in a restore's.)
 */
export async function migrateBetween(executor: Executor, from: number, to: number, migrations = localMigrations()): Promise<void> {
  await queryRows(executor, 'create schema if not exists drizzle');
  await queryRows(executor, 'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)');
  for (const migration of migrations.slice(from, to)) {
    for (const statement of migration.sql) if (statement.trim()) await queryRows(executor, statement);
    await executor.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`);
  }
}
