/**
 * PGlite behind pglite-socket's PGLiteSocketServer on a unix socket, run as a worker thread or as a
 * forked child process. Talks to its parent with { ready } / { stop } / { notify } messages.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface HostOptions {
  dataDir: string;
  socketDir: string;
  maxConnections: number;
  /** a channel the host LISTENs on with PGlite's own listen() and relays as { heard } */
  relayChannel?: string;
}

export type HostMessage = { type: 'stop' } | { type: 'notify'; channel: string; payload: string };
export type HostReply =
  | { type: 'ready'; pgliteStartMs: number }
  | { type: 'heard'; payload: string }
  | { type: 'stopped' }
  | { type: 'notified' }
  | { type: 'failed'; message: string };

/** pg finds a unix socket as `<host dir>/.s.PGSQL.<port>`. */
export const SOCKET_PORT = 5432;

async function host(options: HostOptions, send: (reply: HostReply) => void, onMessage: (handler: (message: HostMessage) => void) => void) {
  const started = performance.now();
  mkdirSync(options.dataDir, { recursive: true });
  mkdirSync(options.socketDir, { recursive: true });
  const socketPath = `${options.socketDir}/.s.PGSQL.${SOCKET_PORT}`;
  rmSync(socketPath, { force: true });
  const db = await PGlite.create({ dataDir: options.dataDir, extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: options.maxConnections });
  await server.start();
  const relayChannel = options.relayChannel;
  if (relayChannel) await db.listen(relayChannel, (payload) => send({ type: 'heard', payload }));
  onMessage((message) => {
    void (async () => {
      if (message.type === 'notify') {
        await db.query('select pg_notify($1, $2)', [message.channel, message.payload]);
        send({ type: 'notified' });
      } else {
        await server.stop();
        await db.close();
        send({ type: 'stopped' });
      }
    })().catch((error: unknown) => send({ type: 'failed', message: String(error) }));
  });
  send({ type: 'ready', pgliteStartMs: performance.now() - started });
}

if (parentPort) {
  const port = parentPort;
  host(
    workerData as HostOptions,
    (reply) => port.postMessage(reply),
    (handler) => port.on('message', handler),
  ).catch((error: unknown) => port.postMessage({ type: 'failed', message: String(error) }));
} else if (process.send) {
  // A forked child outlives a parent killed with SIGKILL unless it leaves when the IPC channel closes.
  process.on('disconnect', () => process.exit(0));
  const send = (reply: HostReply, then: () => void = () => {}) => process.send?.(reply, then);
  host(
    JSON.parse(process.argv[2]) as HostOptions,
    (reply) => send(reply, reply.type === 'stopped' ? () => process.exit(0) : undefined),
    (handler) => process.on('message', handler as (message: unknown) => void),
  ).catch((error: unknown) => send({ type: 'failed', message: String(error) }));
}
