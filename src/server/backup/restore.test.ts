import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { playEvents } from '../db/schema';
import { createTestDatabase } from '../test/testDb';
import { createTestApp, type TestApp } from '../test/testApp';
import { restoreBackup } from './restore';
import { queryRows } from './sqlRows';
import { tableFingerprints } from './test/compareDatabases';
import { schemaTableNames, seedBackupData, type Seeded } from './test/seedBackupData';
import { verifyAgainstBackup } from './verify';
import { backupDatabase, type BackupResult } from './writeBackup';

let source: TestApp;
let seeded: Seeded;
let dir: string;
let backup: BackupResult;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'wl-backup-'));
  source = await createTestApp();
  seeded = await seedBackupData(source);
  backup = await backupDatabase(source.database, path.join(dir, `${randomBytes(4).toString('hex')}.wlbackup`));
});

afterAll(async () => {
  await source.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the backup holds every table of schema.ts, and the seed fills each (a new table fails here until covered)', () => {
  const inBackup = backup.tables.map((t) => t.end).sort();
  expect(inBackup).toEqual(schemaTableNames());
  expect(backup.tables.filter((t) => t.rows === 0).map((t) => t.end)).toEqual([]);
  expect(backup.header).toMatchObject({ format: 'wavelength-backup', version: 1, engine: source.database.kind });
  expect(backup.header.migrations.count).toBeGreaterThan(0);
  expect(backup.sequences.map((s) => s.name)).toEqual(expect.arrayContaining(['play_events_id_seq', 'auth_attempts_id_seq']));
});

test('restore into a fresh database: every row and id equal, sequences carried, the app reads it', async () => {
  const target = await createTestDatabase();
  try {
    const result = await restoreBackup(target, backup.file);
    expect(result.tables).toEqual(backup.tables);
    expect(await tableFingerprints(target)).toEqual(await tableFingerprints(source.database));
    await verifyAgainstBackup(target, backup.tables);
    const [{ max }] = await queryRows<{ max: number }>(source.database.db, 'select max(id)::int as max from play_events');
    const [next] = await target.db
      .insert(playEvents)
      .values({ userId: (await firstUser(target)).id, songId: seeded.songIds[0] })
      .returning();
    expect(next.id).toBeGreaterThan(max);
    const app = await createTestApp({ database: target });
    try {
      const res = await app.app.inject({ method: 'GET', url: `/api/playlists/${seeded.playlistId}`, headers: seeded.userHeaders });
      expect(res.statusCode).toBe(200);
      expect(res.json().playlist.songs.map((s: { songId: string }) => s.songId)).toEqual(seeded.playlistOrder);
      const password = await app.app.inject({ method: 'GET', url: '/api/subsonic/password', headers: seeded.userHeaders });
      expect(password.json()).toMatchObject({ set: true });
    } finally {
      await app.close();
    }
  } finally {
    await target.close();
  }
});

async function firstUser(database: { db: TestApp['app']['db'] }) {
  const [row] = await queryRows<{ id: string }>(database.db, sql`select id from users order by created_at limit 1`);
  return row;
}
