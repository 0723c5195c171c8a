import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The real entry point: with NODE_ENV=production and no JWT_SECRET it must not start. */
it('start-up is refused in production mode without JWT_SECRET', async () => {
  const root = process.cwd();
  const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'src/server/index.ts')], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: os.tmpdir(),
        NODE_ENV: 'production',
        PORT: '0',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wl-prod-')),
        SKIP_CLIENT_BUILD: '1',
        LOG_LEVEL: 'silent',
      },
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
  expect(result.code).toBe(1);
  expect(result.stderr.trim()).toBe('wavelength: Invalid JWT_SECRET: required when NODE_ENV=production');
}, 90_000);
