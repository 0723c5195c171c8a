import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../../e2e/support/server';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const SERVER_ENTRY = path.join(REPO, 'src/server/index.ts');

export interface ServerProcess {
  baseUrl: string;
  process: ChildProcess;
  output(): string;
  exited: Promise<void>;
  get alive(): boolean;
  /** kill -9: no shutdown of any kind */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The real entry point as its own process (node --import tsx, no wrapper, so a kill really kills
 * the server), answering /api/health before this resolves. env comes on top of test defaults;
 * DATABASE_URL is only passed when env names it (PGlite otherwise). `as` runs it as another user
 * (the test running as root: a user whom chmod denies).
 */
export async function spawnServer(env: Record<string, string>, timeoutMs = 60_000, as?: { uid: number; gid: number }): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO,
    env: {
      ...inherited,
      NODE_OPTIONS: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      SKIP_CLIENT_BUILD: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...as,
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: ServerProcess = {
    baseUrl: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    exited,
    get alive() {
      return child.exitCode === null && child.signalCode === null;
    },
    async crash() {
      if (server.alive) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (server.alive) child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!server.alive) throw new Error(`server exited during start-up:\n${output}`);
    const ok = await fetch(`${server.baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    if (Date.now() > deadline) {
      await server.crash();
      throw new Error(`server did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
