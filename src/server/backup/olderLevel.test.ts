import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../db/database';
import { createTestDatabase } from '../test/testDb';
import { localMigrations, migrateBetween, readMigrationLevel } from './migrationLevel';
import { restoreBackup } from './restore';
import { queryRows } from './sqlRows';
import { emptyDatabase } from './targetContents';
import { backupDatabase } from './writeBackup';

/** Migrations 0000-0004: before the library's tables (0005), artwork (0006) and Subsonic (0007). */
const OLD_LEVEL = 5;
/** A test database taken back to empty, then migrated only to `level`. */
async function databaseAtLevel(level: number): Promise<Database> {
  const database = await createTestDatabase();
  await database.db.transaction(async (tx) => {
    await emptyDatabase(tx);
    await migrateBetween(tx, 0, level);
  });
  return database;
}

test('a backup made at an older migration level restores into this version, migrated up, ids kept', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wl-backup-old-'));
  const old = await databaseAtLevel(OLD_LEVEL);
  const target = await createTestDatabase();
  try {
    const [user] = await queryRows<{ id: string }>(
      old.db,
      `insert into users (username, email, password_hash) values ('old', 'old@example.test', 'x') returning id`,
    );
    const [song] = await queryRows<{ id: string }>(
      old.db,
      `insert into songs (title, artist, duration_ms, path, mime_type, size_bytes, search_text, sort_key, match_key, uploaded_by)
       values ('Old Song', 'Old Artist', 1000, 'old.mp3', 'audio/mpeg', 10, 'old song old artist', 'old song', 'old song|old artist', '${user.id}') returning id`,
    );
    await queryRows(old.db, `insert into play_events (user_id, song_id) values ('${user.id}', '${song.id}')`);
    const file = path.join(dir, 'old.wlbackup');
    const backup = await backupDatabase(old, file);
    expect(backup.header.migrations.count).toBe(OLD_LEVEL);
    expect(backup.tables.map((t) => t.end)).not.toContain('albums');

    const result = await restoreBackup(target, file);
    expect(result.migratedTo).toBe(localMigrations().length);
    expect((await readMigrationLevel(target.db)).count).toBe(localMigrations().length);
    const rows = await queryRows<{ id: string; source: string; artists: string[] }>(target.db, 'select id, source, artists from songs');
    // 0005 gave the upload its source and its one artist, as it does to a database upgraded in place
    expect(rows).toEqual([{ id: song.id, source: 'upload', artists: ['Old Artist'] }]);
    expect(await queryRows(target.db, 'select user_id, song_id from play_events')).toEqual([{ user_id: user.id, song_id: song.id }]);
  } finally {
    await target.close();
    await old.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
