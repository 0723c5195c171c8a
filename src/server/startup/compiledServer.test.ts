import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../../../scripts/build/server.mjs';

const root = process.cwd();
// two folders deep below the root, as dist/server is: the compiled server finds the root from there
const outDir = path.join(root, 'dist', `test-server-${process.pid}`);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'wl-compiled-'));

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(tmp, { recursive: true, force: true });
});

/** Runs the compiled server with plain node, waits for /api/health, and answers what it loaded. */
async function runCompiled(): Promise<{ health: unknown; loaded: string[]; execArgv: string }> {
  const trace = path.join(tmp, 'modules.txt');
  const child = spawn(process.execPath, ['--import', path.join(root, 'src/server/test/recordLoadedModules.mjs'), path.join(outDir, 'index.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: tmp,
      PORT: '0',
      DATA_DIR: path.join(tmp, 'data'),
      CLIENT_DIR: path.join(tmp, 'no-client'),
      DEMO_LIBRARY: 'on',
      LOG_LEVEL: 'silent',
      WAVELENGTH_MODULE_TRACE: trace,
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${output}`)), 60_000);
      child.stdout.on('data', () => {
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}:\n${output}`)));
    });
    const health = await (await fetch(`${url}/api/health`)).json();
    return { health, loaded: readFileSync(trace, 'utf8').trim().split('\n'), execArgv: String(child.spawnargs) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
  }
}

it('the compiled server starts with plain node and loads no TypeScript compiler or loader', async () => {
  await buildServer(root, outDir);
  const { health, loaded } = await runCompiled();
  expect(health).toEqual({ success: true, database: 'ok' });
  // the trace saw the server's own code, its packages and the database thread's module
  expect(loaded.some((m) => m.endsWith(`${path.basename(outDir)}/index.js`))).toBe(true);
  expect(loaded.some((m) => m.includes('/node_modules/fastify/'))).toBe(true);
  expect(loaded.some((m) => m.endsWith('/pgliteWorker.mjs'))).toBe(true);
  const compilers = loaded.filter((m) => /\/node_modules\/(typescript|tsx|ts-node|ts-jest|esbuild|@esbuild|webpack)\//.test(m) || /\.tsx?$/.test(m));
  expect(compilers).toEqual([]);
}, 120_000);
