import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database, Db } from './database';
import { LocalNotifications } from './localNotifications';
import { openPool } from './postgres';
import type { PgliteOptions } from './pglite';
import { pgliteStartParams, setWasmTier, wasmTierFlag, type WasmTier } from './pgliteSettings';
import * as schema from './schema';
import { SessionEndings } from './sessionEndings';

/** pg's convention: a host that is a folder holds the socket `.s.PGSQL.<port>`. */
const SOCKET_PORT = 5432;
const CLOSE_TIMEOUT_MS = 10_000;
const POOL_END_TIMEOUT_MS = 3_000;
const execFileAsync = promisify(execFile);

type WorkerMessage = { type: 'ready' } | { type: 'closed' } | { type: 'dump'; dump: ArrayBuffer };

export interface PgliteThreadOptions extends PgliteOptions {
  poolSize: number;
  log: (message: string) => void;
  /** the worker ended on its own (a crash): the embedded database is gone until a restart */
  onLost?: (error: Error) => void;
}

/** Resolves with the worker's next message of that type; rejects if it fails or exits first. */
function nextMessage<T extends WorkerMessage['type']>(worker: Worker, type: T): Promise<Extract<WorkerMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: WorkerMessage) => {
      if (message.type !== type) return;
      cleanup();
      resolve(message as Extract<WorkerMessage, { type: T }>);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onExit = (code: number) => onError(new Error(`the database thread exited (code ${code})`));
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
}

/** A new database folder: initdb in a process that then ends (pgliteInitdb.mjs), so its memory goes back. */
async function createDatabase(dataDir: string, tier: WasmTier): Promise<void> {
  const script = fileURLToPath(new URL('./pgliteInitdb.mjs', import.meta.url));
  try {
    await execFileAsync(process.execPath, [wasmTierFlag(tier), script, JSON.stringify({ dataDir, startParams: pgliteStartParams() })], {
      env: { ...process.env, NODE_OPTIONS: '' },
    });
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
    throw new Error(`creating the embedded database in ${dataDir} failed: ${stderr.split('\n').slice(-3).join(' ') || (error as Error).message}`);
  }
}

/** Starts the thread and connects a pool to it; cleans up and rethrows when either fails. */
async function startThread(options: PgliteThreadOptions): Promise<{ worker: Worker; pool: pg.Pool; socketDir: string }> {
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  if (options.pgliteDir && !existsSync(path.join(options.pgliteDir, 'PG_VERSION'))) await createDatabase(options.pgliteDir, options.pgliteWasm ?? 'baseline');
  // A folder only this user can enter: the socket accepts any PostgreSQL client that reaches it.
  const socketDir = mkdtempSync(path.join(os.tmpdir(), `wavelength-db-${process.pid}-`));
  setWasmTier(options.pgliteWasm ?? 'baseline');
  const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), {
    workerData: {
      dataDir: options.pgliteDir,
      socketPath: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
      loadDataDir: options.pgliteLoadDataDir ? await options.pgliteLoadDataDir.arrayBuffer() : undefined,
      idleInTransactionMs: options.pgliteIdleInTransactionMs,
      startParams: pgliteStartParams(),
    },
  });
  try {
    await nextMessage(worker, 'ready');
    const pool = await openPool({ host: socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' }, options.poolSize, options.log);
    return { worker, pool, socketDir };
  } catch (error) {
    await worker.terminate();
    rmSync(socketDir, { recursive: true, force: true });
    throw error;
  }
}

/** Asks the thread to close PGlite cleanly (bounded), then ends it and removes the socket's folder. */
async function stopThread(worker: Worker, socketDir: string): Promise<void> {
  const closed = nextMessage(worker, 'closed');
  worker.postMessage({ type: 'close' });
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_TIMEOUT_MS)));
  await Promise.race([closed.catch(() => undefined), limit]);
  clearTimeout(timer);
  await worker.terminate();
  rmSync(socketDir, { recursive: true, force: true });
}

/**
 * The embedded database in a worker thread (pgliteWorker.mjs), reached with `pg` over a private
 * unix socket: queries run off the server's event loop, and both modes share one driver path.
 * One process owns the database, so LISTEN/NOTIFY stays in this process and the advisory lock is
 * always held.
 */
export async function openPgliteThread(options: PgliteThreadOptions): Promise<Database> {
  const { worker, pool, socketDir } = await startThread(options);
  let closing = false;
  worker.on('error', (error) => options.log(`the database thread failed: ${error.message}`));
  worker.on('exit', (code) => {
    if (closing) return;
    const error = new Error(`the database thread exited (code ${code})`);
    options.log(error.message);
    options.onLost?.(error);
  });
  const notifications = new LocalNotifications();
  return {
    db: drizzle(pool, { schema }) as unknown as Db,
    kind: 'pglite',
    sessionEndings: new SessionEndings(),
    driver: 'pg',
    async listen(channel, onPayload) {
      return notifications.listen(channel, onPayload);
    },
    async notify(channel, payload) {
      notifications.notify(channel, payload);
    },
    async tryAdvisoryLock() {
      return { held: true, release: async () => {} };
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onReconnect() {
      // the socket is in this process: there is no connection to lose that the pool does not replace
      return () => {};
    },
    async dump() {
      const answer = nextMessage(worker, 'dump');
      worker.postMessage({ type: 'dump' });
      return new Blob([(await answer).dump]);
    },
    async close() {
      if (closing) return;
      closing = true;
      // a query that never answers must not keep the thread (and so the process) alive: the pool
      // gets a bounded wait, then the thread is stopped whatever its connections are doing
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([pool.end().catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, POOL_END_TIMEOUT_MS)))]);
      clearTimeout(timer);
      await stopThread(worker, socketDir);
    },
  };
}
