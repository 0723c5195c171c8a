import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { moveToPostgres } from '../../src/server/backup/moveToPostgres';
import { restoreBackup } from '../../src/server/backup/restore';
import { scratchPostgres } from '../../src/server/backup/test/embedded';
import { backupDatabase } from '../../src/server/backup/writeBackup';
import { migrateDatabase, openDatabase, type Database } from '../../src/server/db/open';
import { slowestQueryDuring } from './concurrentQueries';
import { rowCount, seedLibrary, type SeedSize } from './seed';

export interface SizeFigures {
  rows: number;
  backupMs: number;
  backupBytes: number;
  /** the slowest one-song query while the embedded backup ran, and with nothing else running */
  slowestDuringBackupMs: number;
  slowestIdleMs: number;
  /** PGlite's dumpDataDir (a gzip'd copy of the data folder), for the decision */
  folderCopyMs: number;
  folderCopyBytes: number;
  slowestDuringFolderCopyMs: number;
  restoreEmbeddedMs: number;
  restorePostgresMs?: number;
  pgDumpMs?: number;
  pgDumpBytes?: number;
  moveMs?: number;
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

async function openEmbeddedAt(dir: string): Promise<Database> {
  const database = await openDatabase({ pgliteDir: dir, log: () => undefined });
  await migrateDatabase(database);
  return database;
}

/** pg_dump's custom format of the same rows on PostgreSQL, for the decision. */
function pgDump(url: string, file: string): { ms: number; bytes: number } | null {
  const started = performance.now();
  const result = spawnSync('pg_dump', ['--format=custom', `--file=${file}`, url], { stdio: 'ignore' });
  if (result.status !== 0) return null;
  return { ms: performance.now() - started, bytes: statSync(file).size };
}

async function postgresFigures(serverUrl: string, source: Database, file: string, dir: string): Promise<Partial<SizeFigures>> {
  const first = await scratchPostgres(serverUrl);
  const second = await scratchPostgres(serverUrl);
  try {
    const target = await openDatabase({ databaseUrl: first.url, poolSize: 2, log: () => undefined });
    const restore = await timed(() => restoreBackup(target, file)).finally(() => target.close());
    const dump = pgDump(first.url, path.join(dir, 'pg.dump'));
    const move = await timed(() =>
      moveToPostgres({ backup: (f) => backupDatabase(source, f), tempFile: path.join(dir, 'move.wlbackup'), url: second.url, force: false, secret: null }),
    );
    return { restorePostgresMs: restore.ms, pgDumpMs: dump?.ms, pgDumpBytes: dump?.bytes, moveMs: move.ms };
  } finally {
    await first.drop();
    await second.drop();
  }
}

/** One size: an embedded database on disk seeded, backed up under a reader, restored both ways, moved. */
export async function measureSize(size: SeedSize, serverUrl: string | undefined, log: (m: string) => void): Promise<SizeFigures> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wl-bench-backup-'));
  const source = await openEmbeddedAt(path.join(dir, 'source'));
  try {
    await seedLibrary(source, size);
    const rows = rowCount(size);
    log(`backup: ${rows} rows seeded`);
    const idle = await slowestQueryDuring(source, () => new Promise((resolve) => setTimeout(resolve, 1500)));
    const file = path.join(dir, 'bench.wlbackup');
    const backup = await slowestQueryDuring(source, () => timed(() => backupDatabase(source, file)));
    const folder = await slowestQueryDuring(source, () => timed(async () => (await source.dump!()).size));
    const target = await openEmbeddedAt(path.join(dir, 'target'));
    const restore = await timed(() => restoreBackup(target, file)).finally(() => target.close());
    log(`backup: ${rows} rows: backup ${backup.result.ms.toFixed(0)} ms, restore ${restore.ms.toFixed(0)} ms`);
    const pg = serverUrl ? await postgresFigures(serverUrl, source, file, dir) : {};
    return {
      rows,
      backupMs: backup.result.ms,
      backupBytes: backup.result.result.bytes,
      slowestDuringBackupMs: backup.slowestMs,
      slowestIdleMs: idle.slowestMs,
      folderCopyMs: folder.result.ms,
      folderCopyBytes: folder.result.result,
      slowestDuringFolderCopyMs: folder.slowestMs,
      restoreEmbeddedMs: restore.ms,
      ...pg,
    };
  } finally {
    await source.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
