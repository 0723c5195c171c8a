// Plain ESM on purpose: jest loads global setup files outside its TypeScript transform.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Migrates one PGlite and dumps it, so each test file loads a ready database instead of
 * running every migration again. With DATABASE_URL each test file makes its own PostgreSQL database.
 */
export default function globalSetup() {
  if (process.env.DATABASE_URL) return;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = path.resolve(here, '../../..');
  const file = path.join(os.tmpdir(), `wavelength-pglite-${randomUUID()}.tgz`);
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(here, 'makePgliteTemplate.ts'), file], {
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  if (result.status !== 0) throw new Error('could not prepare the PGlite template database');
  process.env.WAVELENGTH_PGLITE_TEMPLATE = file;
}
