/**
 * The compiled server as `npm start` runs it (`node dist/server/index.js`), in a process of its own
 * on a free loopback port, timed from spawning to its first 200 on GET /api/health.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../lib/paths';
import { sampleRss, type RssWindow } from './memory';

/** The server's JWT secret: the bench server's too, so tokens made while seeding stay valid. */
export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
export const ADMIN = { email: 'admin@footprint.bench', password: 'footprint-admin-1' };
/**
 * FOOTPRINT_SERVER=<path of a compiled index.js>: measure another build instead of dist/server
 * (e.g. one compiled from an earlier commit, to compare a change side by side).
 */
export const SERVER_ENTRY = process.env.FOOTPRINT_SERVER ? path.resolve(process.env.FOOTPRINT_SERVER) : path.join(ROOT, 'dist/server/index.js');

export interface CompiledServer {
  pid: number;
  baseUrl: string;
  /** ms from spawning to the first 200 on GET /api/health */
  startMs: number;
  /** the server and its children's RSS every 100 ms from spawning to that first 200 */
  startRss: RssWindow;
  stop(): Promise<void>;
}

/** Compiles the server into dist/server when its sources are newer (scripts/build.mjs), as `npm start` does. */
export async function buildServerIfStale(log: (m: string) => void): Promise<void> {
  const { buildApp } = (await import(path.join(ROOT, 'scripts/build.mjs'))) as {
    buildApp(o: { client: boolean; server: boolean; ifStale: boolean; log(m: string): void }): Promise<void>;
  };
  await buildApp({ client: false, server: true, ifStale: true, log });
}

function listeningPort(child: ChildProcess, output: () => string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onData = () => {
      const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output())?.[1];
      if (port) resolve(Number(port));
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before listening: ${output().slice(-800)}`)));
  });
}

async function firstHealthy(baseUrl: string, limitMs: number): Promise<void> {
  const until = performance.now() + limitMs;
  while (performance.now() < until) {
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`GET /api/health not 200 after ${limitMs} ms`);
}

/** Starts `node dist/server/index.js` on DATA_DIR `dataDir` (PORT=0) with `env`; answers once /api/health says 200. */
export async function startCompiled(dataDir: string, env: Record<string, string> = {}): Promise<CompiledServer> {
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      // glibc's malloc arenas, when the run is asked to measure a setting of them
      ...(process.env.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX } : {}),
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_LIBRARY: 'off',
      LOG_LEVEL: 'warn',
      JWT_SECRET: BENCH_JWT_SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const sampler = sampleRss(child.pid!);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const port = await listeningPort(child, () => output);
    const baseUrl = `http://127.0.0.1:${port}`;
    await firstHealthy(baseUrl, 60_000);
    const startMs = performance.now() - started;
    const startRss = sampler.stop();
    return {
      pid: child.pid!,
      baseUrl,
      startMs,
      startRss,
      async stop() {
        if (child.exitCode !== null) return;
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(killer);
      },
    };
  } catch (error) {
    sampler.stop();
    child.kill('SIGKILL');
    throw error;
  }
}

/** An admin's access token: POST /api/auth/login with the account the server made at its first start. */
export async function adminToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  const body = (await res.json()) as { token?: { token?: string | { token?: string } } };
  const token = body.token?.token;
  const text = typeof token === 'string' ? token : token?.token;
  if (!res.ok || !text) throw new Error(`admin sign-in answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
  return text;
}
