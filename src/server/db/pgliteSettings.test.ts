import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './open';
import { PGLITE_SETTINGS, pgliteStartParams } from './pgliteSettings';

/**
 * The embedded database starts with the memory settings of pgliteSettings.ts
 * (docs/decisions/footprint.md), on its first start (initdb in a process of its own) as on a restart.
 */
async function shown(database: Database): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.keys(PGLITE_SETTINGS).map(async (name) => {
      const result = (await database.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] };
      return [name, Object.values(result.rows[0])[0]] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe('PGlite start settings', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wavelength-pglite-settings-'));
  const dataDir = path.join(dir, 'db');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes each setting as -c name=value after PGlite’s own parameters', () => {
    const params = pgliteStartParams({ shared_buffers: '8MB' });
    expect(params.slice(-2)).toEqual(['-c', 'shared_buffers=8MB']);
    expect(params).toContain('--single');
  });

  it('a new database folder is created, and the running database reports every setting', async () => {
    const database = await openDatabase({ pgliteDir: dataDir, poolSize: 2 });
    try {
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      expect(await shown(database)).toEqual(PGLITE_SETTINGS);
      await database.db.execute(sql`create table kept (v int)`);
      await database.db.execute(sql`insert into kept values (7)`);
    } finally {
      await database.close();
    }
  });

  it('a restart on that folder keeps its data and the settings', async () => {
    const database = await openDatabase({ pgliteDir: dataDir, poolSize: 2 });
    try {
      const result = (await database.db.execute(sql`select v from kept`)) as unknown as { rows: { v: number }[] };
      expect(result.rows).toEqual([{ v: 7 }]);
      expect(await shown(database)).toEqual(PGLITE_SETTINGS);
    } finally {
      await database.close();
    }
  });
});
