import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../../../scripts/build/server.mjs';
import { encodeWav } from '../library/demo/wav';
import { runPaths } from '../startup/admin/runFiles';

const root = process.cwd();
// two folders deep below the root, as dist/server is (compiledServer.test.ts)
const outDir = path.join(root, 'dist', `test-cli-${process.pid}`);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'wl-cli-process-'));
const dataDir = path.join(tmp, 'data');
const music = path.join(tmp, 'music');
const run = runPaths(dataDir);
const env = {
  PATH: process.env.PATH ?? '',
  HOME: tmp,
  PORT: '0',
  DATA_DIR: dataDir,
  MUSIC_DIR: music,
  MUSIC_WATCH: 'off',
  DEMO_LIBRARY: 'off',
  CLIENT_DIR: path.join(tmp, 'no-client'),
  LOG_LEVEL: 'info',
};

beforeAll(async () => {
  mkdirSync(path.join(music, 'Album'), { recursive: true });
  writeFileSync(path.join(music, 'Album', 'tone.wav'), encodeWav(new Int16Array(8000), 8000));
  await buildServer(root, outDir);
});

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(tmp, { recursive: true, force: true });
});

/** `node dist/server/cli.js <args>` with `stdin` piped in. */
function cli(args: string[], stdin = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(outDir, 'cli.js'), ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** The compiled server on the embedded database in DATA_DIR, once it listens. */
async function startServer(): Promise<Server> {
  const child = spawn(process.execPath, [path.join(outDir, 'index.js')], { env });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${output}`)), 60_000);
    child.stdout.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}:\n${output}`)));
  });
  return { child, url, output: () => output };
}

async function stop(server: Server, signal: NodeJS.Signals): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

async function signIn(url: string, email: string, password: string): Promise<number> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  return res.status;
}

it('opens the embedded database itself when no server runs, and goes through the running server when one does', async () => {
  // no server: the command line opens DATA_DIR/db itself (a new one here)
  const first = await cli(['users', 'create', 'ann@example.com', '--admin', '--password-stdin'], 'ann password\n');
  expect(first).toMatchObject({ code: 0, stdout: 'created the admin ann@example.com (name ann)\n' });
  expect(first.stderr).toContain('no database in');

  const server = await startServer();
  try {
    expect(JSON.parse(readFileSync(run.serverFile, 'utf8'))).toMatchObject({ pid: server.child.pid, socket: run.socketPath });
    expect(statSync(run.dir).mode & 0o777).toBe(0o700);
    expect(statSync(run.socketPath).mode & 0o777).toBe(0o600);

    // the server holds the database: the command asks it, and the account signs in at once
    const created = await cli(['users', 'create', 'bob@example.com', '--password-stdin'], 'bob password\n');
    expect(created).toMatchObject({ code: 0, stderr: '' });
    expect(await signIn(server.url, 'bob@example.com', 'bob password')).toBe(200);
    expect(await signIn(server.url, 'ann@example.com', 'ann password')).toBe(200);
    expect(server.output()).toMatch(/"operation":"users.create".*admin operation done/);

    const scanned = await cli(['scan']);
    expect(scanned).toMatchObject({ code: 0, stdout: expect.stringMatching(/^scan completed in [\d.]+ s: 1 files seen, /) });
  } finally {
    // killed: its server.json and admin.sock stay behind
    await stop(server, 'SIGKILL');
  }
  expect(existsSync(run.serverFile)).toBe(true);

  // a killed server's files are ignored: the command opens the database itself again
  const listed = await cli(['users', 'list', '--json']);
  expect(listed.code).toBe(0);
  expect((JSON.parse(listed.stdout) as { email: string }[]).map((u) => u.email)).toEqual(['ann@example.com', 'bob@example.com']);

  // the next server replaces them, answers, and removes them when it stops
  const again = await startServer();
  try {
    expect((await cli(['users', 'promote', 'bob@example.com'])).stdout).toBe('bob@example.com is now an admin\n');
    expect(again.output()).toContain('"operation":"users.setRole"');
  } finally {
    await stop(again, 'SIGTERM');
  }
  expect(existsSync(run.serverFile)).toBe(false);
  expect(existsSync(run.socketPath)).toBe(false);
}, 120_000);
