import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../../db/open';

interface Journal {
  entries: { idx: number; tag: string }[];
}

export function migrationJournal(): Journal {
  return JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as Journal;
}

/**
 * A migrations folder holding the first `level` migrations of src/server/db/migrations and a
 * journal that lists only those: migrating with it makes a database as a release at that level did.
 */
export function migrationsUpTo(level: number): string {
  const journal = migrationJournal();
  if (level < 1 || level > journal.entries.length) throw new Error(`no migration level ${level}`);
  const folder = mkdtempSync(path.join(os.tmpdir(), `wl-migrations-${level}-`));
  mkdirSync(path.join(folder, 'meta'));
  const entries = journal.entries.slice(0, level);
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) copyFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return folder;
}
