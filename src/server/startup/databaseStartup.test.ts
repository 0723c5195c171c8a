import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../e2e/support/server';

const root = path.resolve(process.cwd());

function runServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/index.ts')], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), SKIP_CLIENT_BUILD: '1', DEMO_LIBRARY: 'off', LOG_LEVEL: 'silent', ...env },
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, ms: Date.now() - started });
    });
  });
}

describe('start-up with PostgreSQL unreachable', () => {
  it('retries with one line per attempt for DB_CONNECT_TIMEOUT_S, then exits 1 with one line', async () => {
    const closedPort = await freePort();
    const result = await runServer({
      PORT: '0',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wl-dbdown-')),
      DATABASE_URL: `postgres://root@127.0.0.1:${closedPort}/wavelength`,
      DB_CONNECT_TIMEOUT_S: '2',
    });
    const lines = result.stderr.trim().split('\n');
    expect(result.code).toBe(1);
    // 1 s, then the 1 s left of the 2 s budget
    expect(lines.slice(0, -1)).toEqual([
      'wavelength: database not reachable (ECONNREFUSED), retrying in 1 s',
      expect.stringMatching(/^wavelength: database not reachable \(ECONNREFUSED\), retrying in (0\.\d|1) s$/),
    ]);
    expect(lines.at(-1)).toBe('wavelength: database not reachable after 2 s (ECONNREFUSED); check DATABASE_URL and that PostgreSQL is running');
  }, 90_000);

  it('refuses a DB_CONNECT_TIMEOUT_S that is not a number of seconds', async () => {
    const result = await runServer({
      PORT: '0',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wl-dbdown-')),
      DATABASE_URL: 'postgres://root@127.0.0.1:1/wavelength',
      DB_CONNECT_TIMEOUT_S: 'soon',
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('wavelength: Invalid DB_CONNECT_TIMEOUT_S: expected a number of seconds, got "soon"');
  }, 90_000);
});
