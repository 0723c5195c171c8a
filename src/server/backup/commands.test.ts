import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CliError } from '../cli/command';
import { command as backupCommand } from '../cli/commands/backup';
import { command as restoreCommand, SERVER_RUNNING } from '../cli/commands/restore';
import type { Database } from '../db/database';
import { createTestDatabase } from '../test/testDb';
import { createTestApp, type TestApp } from '../test/testApp';
import { readGzipLines } from './lineFile';
import { localMigrations } from './migrationLevel';
import { databaseContext, serverContext } from './test/cliContext';
import { tableFingerprints } from './test/compareDatabases';
import { seedBackupData } from './test/seedBackupData';

let source: TestApp;
let target: Database;
let dir: string;
let file: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'wl-backup-cli-'));
  source = await createTestApp();
  await seedBackupData(source);
  target = await createTestDatabase();
});

afterAll(async () => {
  await target.close();
  await source.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The backup's lines changed by edit, written back as a gzip file. */
async function rewritten(name: string, edit: (lines: string[]) => string[]): Promise<string> {
  const lines: string[] = [];
  for await (const line of readGzipLines(file)) lines.push(line);
  const out = path.join(dir, name);
  writeFileSync(out, gzipSync(`${edit(lines).join('\n')}\n`));
  return out;
}

/** The lines without one table's section (its start, rows and end). */
function dropTable(lines: string[], table: string): string[] {
  const start = lines.findIndex((l) => l.startsWith(`{"table":"${table}"`));
  const end = lines.findIndex((l) => l.startsWith(`{"end":"${table}"`));
  return [...lines.slice(0, start), ...lines.slice(end + 1)];
}

test('backup, with the database opened by the command: one line saying what it wrote', async () => {
  file = path.join(dir, 'direct.wlbackup');
  const { context, out, err } = databaseContext(source.database, [file]);
  expect(await backupCommand.run(context)).toBe(0);
  expect(out).toEqual([expect.stringMatching(/^backup written to .*direct\.wlbackup: \d+ tables, [\d,]+ rows, migration level \d+, \d+ kB$/)]);
  expect(err.join('\n')).toMatch(/jwt-secret/);
  expect(existsSync(`${file}.partial`)).toBe(false);
});

test('backup while the server holds the embedded database goes through its backup operation', async () => {
  const viaServer = path.join(dir, 'server.wlbackup');
  const { context, out } = serverContext(source.app, source.database, [viaServer]);
  expect(await backupCommand.run(context)).toBe(0);
  expect(out[0]).toMatch(/^backup written to .*server\.wlbackup/);
  expect(existsSync(viaServer)).toBe(true);
});

test('usage mistakes are exit code 2; a missing folder is a clear error', async () => {
  await expect(backupCommand.run(databaseContext(source.database, []).context)).rejects.toMatchObject({ exitCode: 2 });
  await expect(restoreCommand.run(databaseContext(target, ['a', 'b']).context)).rejects.toMatchObject({ exitCode: 2 });
  await expect(backupCommand.run(databaseContext(source.database, ['/nonexistent-folder/x.wlbackup']).context)).rejects.toThrow(
    'the folder /nonexistent-folder does not exist',
  );
});

test('restore refuses to run against a running server', async () => {
  const run = restoreCommand.run(serverContext(source.app, source.database, [file]).context);
  await expect(run).rejects.toThrow(new CliError(SERVER_RUNNING));
});

test('restore into an empty database, then refused into a filled one unless --force', async () => {
  const first = databaseContext(target, [file]);
  expect(await restoreCommand.run(first.context)).toBe(0);
  expect(first.out[0]).toMatch(/^restored .*: \d+ tables, [\d,]+ rows, migration level \d+, migrated up to level \d+$/);
  expect(await tableFingerprints(target)).toEqual(await tableFingerprints(source.database));
  await expect(restoreCommand.run(databaseContext(target, [file]).context)).rejects.toThrow(
    /the target database is not empty \(rows in address_limits, albums, .*, and \d+ more\): .*--force/,
  );
  expect(await restoreCommand.run(databaseContext(target, [file, '--force']).context)).toBe(0);
  expect(await tableFingerprints(target)).toEqual(await tableFingerprints(source.database));
});

test('bad files are refused with a clear error, and even with --force the database keeps its rows', async () => {
  const before = await tableFingerprints(target);
  const notGzip = path.join(dir, 'notes.txt');
  writeFileSync(notGzip, 'hello');
  const level = localMigrations().length;
  const cases: [string, RegExp][] = [
    [notGzip, /is not a Wavelength backup \(not a gzip file/],
    [
      await rewritten('v99.wlbackup', (l) => [l[0].replace('"version":1', '"version":99'), ...l.slice(1)]),
      /backup format version 99; this build of Wavelength reads version 1/,
    ],
    [
      await rewritten('newer.wlbackup', (l) => [l[0].replace(/"count":\d+/, `"count":${level + 1}`), ...l.slice(1)]),
      /newer than this build of Wavelength knows/,
    ],
    [await rewritten('cut.wlbackup', (l) => l.slice(0, -3)), /is cut short/],
    [await rewritten('edited.wlbackup', (l) => l.map((x) => x.replace('Road\\ntrip', 'Road trap'))), /damaged: table playlists holds other rows/],
    [await rewritten('lacking.wlbackup', (l) => dropTable(l, 'radio_history')), /the backup lacks tables its migration level has \(radio_history\)/],
    [await rewritten('foreign.wlbackup', (l) => [JSON.stringify({ hello: 'world' }), ...l.slice(1)]), /is not a Wavelength backup/],
  ];
  for (const [bad, message] of cases) {
    await expect(restoreCommand.run(databaseContext(target, [bad, '--force']).context)).rejects.toThrow(message);
  }
  expect(await tableFingerprints(target)).toEqual(before);
});
