import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'admin-password-e2e' };
/** The token the runner's mock ListenBrainz accepts, and the user name it answers (e2e/scrobble.e2e.ts). */
export const E2E_LISTENBRAINZ = { token: 'e2e-listenbrainz-token-0123456789', user: 'e2e-lb-listener' };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  baseUrl: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts the compiled server (`dist/server/index.js`, as `npm start` runs it) as a real process and waits until /api/health answers. */
export async function startServer(opts: {
  root: string;
  port: number;
  dataDir: string;
  clientDir: string;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  let output = '';
  // plain node on the compiled server: the browser tests drive what users run; stopping the child stops the server.
  const child = spawn(process.execPath, [path.join(opts.root, 'dist/server/index.js')], {
    cwd: opts.root,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      CLIENT_DIR: opts.clientDir,
      SKIP_CLIENT_BUILD: '1',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
