import type { Part } from '../lib/part';
import { info, type Figure } from '../lib/report';
import { measureSize, type SizeFigures } from './measure';
import { LARGE, SMALL } from './seed';

const MB = 1024 * 1024;

function figuresOf(label: string, f: SizeFigures): Figure[] {
  const figures = [
    info(`backup of ${label}: time (embedded, on disk)`, 'ms', Math.round(f.backupMs)),
    info(`backup of ${label}: file size`, 'MB', Number((f.backupBytes / MB).toFixed(2))),
    info(`backup of ${label}: slowest one-song query meanwhile`, 'ms', Math.round(f.slowestDuringBackupMs), {
      reference: { value: Math.round(f.slowestIdleMs), what: 'the same query with nothing else running' },
    }),
    info(`data folder copy (PGlite dumpDataDir) of ${label}: time`, 'ms', Math.round(f.folderCopyMs), {
      note: `${(f.folderCopyBytes / MB).toFixed(1)} MB; slowest query meanwhile ${Math.round(f.slowestDuringFolderCopyMs)} ms`,
    }),
    info(`restore of ${label} into a fresh embedded database`, 'ms', Math.round(f.restoreEmbeddedMs)),
  ];
  if (f.restorePostgresMs !== undefined) figures.push(info(`restore of ${label} into an empty PostgreSQL database`, 'ms', Math.round(f.restorePostgresMs)));
  if (f.moveMs !== undefined) figures.push(info(`move-to-postgres of ${label} (backup, restore, verify)`, 'ms', Math.round(f.moveMs)));
  if (f.pgDumpMs !== undefined) {
    figures.push(info(`pg_dump -Fc of ${label} on PostgreSQL: time`, 'ms', Math.round(f.pgDumpMs), { note: `${(f.pgDumpBytes! / MB).toFixed(2)} MB` }));
  }
  return figures;
}

export const backupPart: Part = {
  name: 'backup',
  title: 'Backup, restore and the move to PostgreSQL at ~4k and ~150k rows',
  limitSeconds: 600,
  async run(ctx) {
    const small = await measureSize(SMALL, ctx.databaseUrl, ctx.log);
    const large = await measureSize(LARGE, ctx.databaseUrl, ctx.log);
    return {
      method: `An embedded database on disk (PGlite in its thread, as the server runs it) seeded with set-based SQL: ${small.rows} rows (20 users, 1,500 songs, a playlist each, likes, plays) and ${large.rows} rows (200 users, 30,000 songs, 20,000 playlist entries, 20,000 likes, 80,000 plays). Backup: \`backupDatabase\` (one repeatable-read read-only transaction, gzip'd JSON lines) while a reader asks for one song by id every 5 ms through the pool; its slowest answer is beside the same reader's with nothing else running. The data folder copy is PGlite's dumpDataDir under the same reader. Restore: into a fresh embedded database on disk, and${ctx.databaseUrl ? '' : ' (not run: no DATABASE_URL)'} into an empty PostgreSQL database on loopback; move-to-postgres is backup + restore + verification (counts and row hashes) into another; pg_dump -Fc runs on the restored PostgreSQL copy.`,
      figures: [...figuresOf(`${small.rows.toLocaleString('en')} rows`, small), ...figuresOf(`${large.rows.toLocaleString('en')} rows`, large)],
      details: { small, large },
    };
  },
};
