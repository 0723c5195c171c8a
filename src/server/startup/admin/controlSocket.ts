import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AdminError } from '../../lib/adminError';
import type { AdminOperation } from './operation';
import { OPERATIONS_BY_NAME } from './operations';
import { MAX_REQUEST_BYTES, parseRequest, type ControlAnswer } from './protocol';
import { readServerRecord, runPaths, socketPathFits } from './runFiles';

const REQUEST_WAIT_MS = 30_000;

/** Runs one request line and answers it; the params are never logged (they carry passwords). */
async function answer(app: FastifyInstance, operations: ReadonlyMap<string, AdminOperation>, line: string): Promise<ControlAnswer> {
  const request = parseRequest(line);
  if (!request) return { ok: false, error: 'the request is not {"operation": …, "params": {…}}' };
  const operation = operations.get(request.operation);
  if (!operation) return { ok: false, error: `the server has no operation "${request.operation}" (is it an older version?)` };
  try {
    const result = await operation.run({ database: app.database, app }, request.params);
    app.log.info({ operation: operation.name }, 'admin operation done');
    return { ok: true, result: result ?? null };
  } catch (error) {
    if (error instanceof AdminError) return { ok: false, error: error.message };
    app.log.error({ err: error, operation: operation.name }, 'admin operation failed');
    return { ok: false, error: `the server failed: ${(error as Error).message}` };
  }
}

/** One connection: reads one line, answers one line, ends. */
function serve(app: FastifyInstance, operations: ReadonlyMap<string, AdminOperation>, socket: net.Socket): void {
  let buffer = '';
  socket.setEncoding('utf8');
  socket.on('error', () => undefined);
  // a connection that never sends its line is dropped; once it has, the operation may take long
  socket.setTimeout(REQUEST_WAIT_MS, () => socket.destroy());
  const onData = (chunk: string) => {
    buffer += chunk;
    const end = buffer.indexOf('\n');
    if (end < 0 && buffer.length <= MAX_REQUEST_BYTES) return;
    socket.off('data', onData);
    socket.setTimeout(0);
    const reply = end < 0 ? Promise.resolve<ControlAnswer>({ ok: false, error: 'the request is too long' }) : answer(app, operations, buffer.slice(0, end));
    void reply.then((a) => socket.end(`${JSON.stringify(a)}\n`));
  };
  socket.on('data', onData);
}

function listen(server: net.Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * The control socket of a server holding the embedded database (docs/product.md §10, docs/cli.md):
 * DATA_DIR/run/admin.sock, the folder 0700 and the socket 0600, so only the server's OS user can
 * connect (that permission is the authentication), and DATA_DIR/run/server.json saying which
 * process answers. Both go when the app closes; a killed server's are replaced at the next start.
 */
export const controlSocketPlugin = fp<{ dataDir: string; operations?: ReadonlyMap<string, AdminOperation> }>(
  async (app, { dataDir, operations = OPERATIONS_BY_NAME }) => {
    const paths = runPaths(dataDir);
    mkdirSync(paths.dir, { recursive: true, mode: 0o700 });
    chmodSync(paths.dir, 0o700);
    // only one process opens the embedded database: a socket left here is a dead server's
    rmSync(paths.socketPath, { force: true });
    const connections = new Set<net.Socket>();
    const server = net.createServer((socket) => {
      connections.add(socket);
      socket.once('close', () => connections.delete(socket));
      serve(app, operations, socket);
    });
    // the admin socket never stops the server starting: without it the command line refuses to
    // open the database while this server runs (server.json says it does)
    try {
      if (!socketPathFits(paths.socketPath)) throw new Error(`the path ${paths.socketPath} is too long for a unix socket (shorten DATA_DIR)`);
      await listen(server, paths.socketPath);
      chmodSync(paths.socketPath, 0o600);
    } catch (error) {
      app.log.warn({ err: error }, 'admin command line: no control socket; stop the server to run admin commands');
    }
    writeFileSync(paths.serverFile, `${JSON.stringify({ pid: process.pid, socket: paths.socketPath, started: new Date().toISOString() })}\n`, {
      mode: 0o600,
    });
    app.addHook('onClose', async () => {
      for (const socket of connections) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
      if (readServerRecord(paths.serverFile)?.pid === process.pid) rmSync(paths.serverFile, { force: true });
      rmSync(paths.socketPath, { force: true });
    });
  },
  { name: 'control-socket', dependencies: ['database', 'library'] },
);
