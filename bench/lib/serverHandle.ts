import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { AudioFile } from './audioFile';
import type { BenchUser, ServerCommand } from './benchServer';
import { ROOT } from './paths';

export type { BenchUser };

export interface BenchServer {
  baseUrl: string;
  port: number;
  pid: number;
  kind: 'pglite' | 'pg';
  process: ChildProcess;
  call<T = unknown>(command: ServerCommand): Promise<T>;
  user(role?: 'user' | 'admin'): Promise<BenchUser>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** a postgres:// URL of a server: a scratch database is created on it and dropped at stop */
  databaseUrl?: string;
  clientDir?: string;
  /** extra node flags for the server, e.g. ['--cpu-prof', '--cpu-prof-dir=…'] */
  execArgv?: string[];
  env?: Record<string, string>;
  /** an existing DATA_DIR to use and keep at stop (default: a temporary one, removed at stop) */
  dataDir?: string;
}

export async function createScratchDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `wl_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Starts bench/lib/benchServer.ts in its own node process and waits until it listens. */
export async function startBenchServer(options: StartOptions = {}): Promise<BenchServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'wavelength-bench-'));
  const scratch = options.databaseUrl ? await createScratchDatabase(options.databaseUrl) : null;
  const child = fork(path.join(ROOT, 'bench/lib/benchServer.ts'), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx', '--expose-gc', ...(options.execArgv ?? [])],
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      BENCH_DATA_DIR: dataDir,
      BENCH_DATABASE_URL: scratch?.url ?? '',
      BENCH_CLIENT_DIR: options.clientDir ?? '',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  const ready = new Promise<{ port: number; kind: 'pglite' | 'pg'; pid: number }>((resolve, reject) => {
    child.on(
      'message',
      (message: { ready?: boolean; id?: number; ok?: boolean; result?: unknown; error?: string; port?: number; kind?: 'pglite' | 'pg'; pid?: number }) => {
        if (message.ready) return resolve({ port: message.port!, kind: message.kind!, pid: message.pid! });
        const waiter = pending.get(message.id!);
        if (!waiter) return;
        pending.delete(message.id!);
        if (message.ok) waiter.resolve(message.result);
        else waiter.reject(new Error(`bench server: ${message.error}`));
      },
    );
    child.once('exit', (code) => {
      reject(new Error(`bench server exited with ${code}`));
      for (const waiter of pending.values()) waiter.reject(new Error(`bench server exited with ${code}`));
      pending.clear();
    });
  });
  const timeout = setTimeout(() => child.kill('SIGKILL'), 120_000);
  const { port, kind, pid } = await ready.finally(() => clearTimeout(timeout));

  const call = <T>(command: ServerCommand): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ id, ...command });
    });

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    pid,
    kind,
    process: child,
    call,
    user: (role = 'user') => call<BenchUser>({ cmd: 'user', role }),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        await call({ cmd: 'close' }).catch(() => undefined);
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
      await scratch?.drop().catch(() => undefined);
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Adds a bench audio file to the server's library under `title`; answers the song's id, path and media folder. */
export function addBenchSong(server: BenchServer, title: string, audio: AudioFile) {
  return server.call<{ id: string; path: string; mediaDir: string }>({
    cmd: 'addSong',
    title,
    artist: 'Wavelength Bench',
    file: audio.file,
    mimeType: audio.mimeType,
    durationMs: audio.durationMs,
    sizeBytes: audio.sizeBytes,
  });
}
