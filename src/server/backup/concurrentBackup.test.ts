import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addressLimits, authAttempts } from '../db/schema';
import { createTestApp, createUser, type TestApp, type TestUser } from '../test/testApp';
import { readBackup } from './readBackup';
import { backupDatabase } from './writeBackup';

let t: TestApp;
let user: TestUser;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'wl-backup-load-'));
  t = await createTestApp();
  user = await createUser(t);
});

afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Writers that keep going until stopped: playlists through the app's route, and pairs of rows written in one transaction. */
function writeLoad(app: TestApp, headers: TestUser['headers']) {
  const acknowledged: string[] = [];
  const pairs: string[] = [];
  let running = true;
  let n = 0;
  const playlists = async () => {
    while (running) {
      const res = await app.app.inject({ method: 'POST', url: '/api/playlists', headers, payload: { name: `load ${(n += 1)}` } });
      if (res.statusCode !== 201) throw new Error(`create playlist: ${res.statusCode} ${res.body}`);
      acknowledged.push(res.json().playlist.id as string);
    }
  };
  const pairWriter = async () => {
    while (running) {
      const key = `pair-${(n += 1)}`;
      await app.database.db.transaction(async (tx) => {
        await tx.insert(authAttempts).values({ kind: 'login_failure', key, at: new Date() });
        await tx.insert(addressLimits).values({ key, count: 1, resetAt: new Date() });
      });
      pairs.push(key);
    }
  };
  const done = Promise.all([playlists(), playlists(), pairWriter()]);
  return {
    acknowledged,
    pairs,
    async stop() {
      running = false;
      await done;
    },
  };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

test('a backup under a write load holds every write acknowledged before it began, and is one consistent moment', async () => {
  const load = writeLoad(t, user.headers);
  await until(() => load.acknowledged.length >= 20 && load.pairs.length >= 10);
  const ackedBefore = [...load.acknowledged];
  const pairsBefore = [...load.pairs];
  const file = path.join(dir, 'load.wlbackup');
  const backup = await backupDatabase(t.database, file);
  const writtenDuring = load.acknowledged.length - ackedBefore.length;
  await until(() => load.acknowledged.length >= ackedBefore.length + writtenDuring + 5);
  await load.stop();

  const columns = new Map<string, string[]>();
  const keys: Record<string, Set<string>> = { playlists: new Set(), auth_attempts: new Set(), address_limits: new Set() };
  await readBackup(file, {
    table: (table) =>
      void columns.set(
        table.table,
        table.columns.map((c) => c.name),
      ),
    rows: (table, lines) => {
      const column = columns.get(table.table)!.indexOf(table.table === 'playlists' ? 'id' : 'key');
      for (const line of lines) keys[table.table]?.add((JSON.parse(line) as string[])[column]);
    },
  });
  expect(ackedBefore.filter((id) => !keys.playlists.has(id))).toEqual([]);
  expect(pairsBefore.filter((key) => !keys.auth_attempts.has(key))).toEqual([]);
  // the two rows of each pair were written together: a consistent backup has both or neither
  expect([...keys.auth_attempts].sort()).toEqual([...keys.address_limits].sort());
  expect(backup.tables.find((x) => x.end === 'playlists')!.rows).toBe(keys.playlists.size);
  // the writers went on during and after the backup, and nothing they wrote was refused
  expect(load.acknowledged.length).toBeGreaterThan(ackedBefore.length);
});
