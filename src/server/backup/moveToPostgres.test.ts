import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { command as moveCommand } from '../cli/commands/moveToPostgres';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../test/testApp';
import { moveToPostgres } from './moveToPostgres';
import { countDecryptableAppPasswords } from './serverSecret';
import { queryRows } from './sqlRows';
import { databaseContext, serverContext } from './test/cliContext';
import { tableFingerprints } from './test/compareDatabases';
import { openEmbedded, scratchPostgres } from './test/embedded';
import { APP_PASSWORD, seedBackupData, type Seeded } from './test/seedBackupData';
import { backupDatabase } from './writeBackup';
import { createAppPasswordCipher } from '../modules/subsonic/auth/appPasswordCipher';

/** test:pg moves into real PostgreSQL databases on DATABASE_URL's server; npm test has none, and moves into a second embedded database. */
const serverUrl = process.env.DATABASE_URL;
const env = { JWT_SECRET: TEST_JWT_SECRET };

let source: TestApp;
let seeded: Seeded;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'wl-move-'));
  source = await createTestApp({ database: await openEmbedded() });
  seeded = await seedBackupData(source);
});

afterAll(async () => {
  await source.close();
  await source.database.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What a user would miss after a move, read from the moved database. */
async function expectUserData(moved: Database): Promise<void> {
  const order = await queryRows<{ song_id: string }>(
    moved.db,
    `select song_id from playlist_songs where playlist_id = '${seeded.playlistId}' order by position`,
  );
  expect(order.map((r) => r.song_id)).toEqual(seeded.playlistOrder);
  const counts = (database: Database) =>
    queryRows<{ plays: number; votes: number; queue: number; keys: number }>(
      database.db,
      `select (select count(*)::int from play_events) as plays, (select count(*)::int from suggestion_votes) as votes,
              (select count(*)::int from radio_queue) as queue, (select count(*)::int from subsonic_api_keys) as keys`,
    );
  const [here] = await counts(source.database);
  expect(Object.values(here).every((n) => n > 0)).toBe(true);
  expect((await counts(moved))[0]).toEqual(here);
  const [password] = await queryRows<{ ciphertext: string }>(moved.db, 'select ciphertext from subsonic_app_passwords');
  expect(createAppPasswordCipher(TEST_JWT_SECRET).decrypt(password.ciphertext)).toBe(APP_PASSWORD);
  expect(await tableFingerprints(moved)).toEqual(await tableFingerprints(source.database));
}

test('the move: backed up, restored, verified by counts and row hashes, app passwords checked under the secret', async () => {
  const target = serverUrl ? await scratchPostgres(serverUrl) : null;
  let moved: Database | null = null;
  const result = await moveToPostgres({
    backup: (file) => backupDatabase(source.database, file),
    tempFile: path.join(dir, 'move.wlbackup'),
    url: target?.url ?? 'postgres://embedded.invalid/x',
    force: false,
    secret: TEST_JWT_SECRET,
    // without PostgreSQL, a second embedded database stands in; kept open here to read it after
    open: target ? undefined : async () => ({ ...(moved = await openEmbedded()), close: async () => undefined }),
  });
  expect(result.checks.every((c) => c.same)).toBe(true);
  expect(result.checks.length).toBe(result.backup.tables.length);
  expect(result.appPasswords).toEqual({ total: 1, decrypted: 1 });
  const reopened = target ? await openDatabase({ databaseUrl: target.url, poolSize: 2 }) : moved!;
  try {
    await expectUserData(reopened);
    expect(await countDecryptableAppPasswords(reopened.db, 'another-secret-another-secret-0123456789')).toEqual({ total: 1, decrypted: 0 });
  } finally {
    await reopened.close();
    await target?.drop();
  }
});

const withPostgres = serverUrl ? test : test.skip;

withPostgres('move-to-postgres through the running server, then refused into the filled database unless --force', async () => {
  const target = await scratchPostgres(serverUrl!);
  try {
    const args = [target.url];
    const first = serverContext(source.app, source.database, args, { ...env, DATA_DIR: dir });
    expect(await moveCommand.run(first.context)).toBe(0);
    expect(first.out.join('\n')).toMatch(/verified: \d+ tables.*\n.*1 decrypt under the server's secret\n.*set DATABASE_URL=/);
    const again = databaseContext(source.database, args, { ...env, DATA_DIR: dir });
    await expect(moveCommand.run(again.context)).rejects.toThrow(/the PostgreSQL database .* is not empty .*--force/);
    expect(await moveCommand.run(databaseContext(source.database, [...args, '--force'], { ...env, DATA_DIR: dir }).context)).toBe(0);
    const moved = await openDatabase({ databaseUrl: target.url, poolSize: 2 });
    await expectUserData(moved).finally(() => moved.close());
  } finally {
    await target.drop();
  }
});

test('move-to-postgres refuses a server already on PostgreSQL and a URL that is not postgres://', async () => {
  await expect(moveCommand.run(databaseContext(source.database, ['mysql://x']).context)).rejects.toMatchObject({ exitCode: 2 });
  const onPg = databaseContext(source.database, ['postgres://h/db'], { DATABASE_URL: 'postgres://h/other' });
  await expect(moveCommand.run(onPg.context)).rejects.toThrow(/already uses PostgreSQL/);
  const unreachable = databaseContext(source.database, ['postgres://wl:secret@127.0.0.1:1/none'], { DATA_DIR: dir });
  await expect(moveCommand.run(unreachable.context)).rejects.toThrow(/^cannot connect to PostgreSQL at postgres:\/\/wl:\*\*\*@127\.0\.0\.1:1\/none: /);
});
