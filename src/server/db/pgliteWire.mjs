// Plain ESM on purpose: loaded by the database thread (pgliteWorker.mjs) as it is.
//
// The PostgreSQL wire protocol in front of PGlite, for several client connections at once. PGlite
// has one session, so the connections take turns, in whole exchanges: everything a client sends up
// to a Sync (extended protocol) or a Query (simple protocol) runs together, so no other
// connection's statement can fall between its Parse, Bind and Execute. A connection that leaves a
// transaction open keeps the session until it ends the transaction, or until it disconnects, when
// the transaction is rolled back; one that holds it idle for longer than idleInTransactionMs is
// disconnected, as PostgreSQL's idle_in_transaction_session_timeout does, so a transaction that waits
// on another connection cannot stall the database for ever. (pglite-socket 0.2.17 queued single messages, not exchanges: under
// the app's concurrent writes, requests were answered another connection's rows.)
import { createServer } from 'node:net';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const PROTOCOL_3 = 196608;
const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'

/** A simple-protocol Query message. */
function queryMessage(text) {
  const body = Buffer.from(`${text}\0`, 'utf8');
  const message = Buffer.alloc(5 + body.length);
  message[0] = QUERY;
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}
const ROLLBACK = queryMessage('ROLLBACK');

/** Serves `db` (a PGlite) on the unix socket at `path`; answers the net.Server once listening. */
export function serveWire(db, path, { idleInTransactionMs = 10_000, onExchange } = {}) {
  /** exchanges waiting for the session, oldest first: { connection, messages } */
  const waiting = [];
  /** the connection whose transaction is open, or null */
  let owner = null;
  let running = false;
  let idleTimer = null;

  /** The owner has nothing queued: it is idle in its transaction, and may stay so only so long. */
  function watchIdleOwner() {
    clearTimeout(idleTimer);
    const idle = owner;
    if (!idle || waiting.some((e) => e.connection === idle)) return;
    idleTimer = setTimeout(() => {
      if (owner === idle) idle.fail();
    }, idleInTransactionMs);
  }

  async function run(messages, write) {
    const started = performance.now();
    await db.runExclusive(async () => {
      for (const message of messages) await db.execProtocolRawStream(message, { onRawData: write });
    });
    onExchange?.(messages, performance.now() - started);
  }

  async function drain() {
    if (running) return;
    running = true;
    try {
      for (;;) {
        const index = owner ? waiting.findIndex((e) => e.connection === owner) : 0;
        if (index < 0 || waiting.length === 0) break;
        const [exchange] = waiting.splice(index, 1);
        const { connection } = exchange;
        await run(exchange.messages, (data) => connection.write(data)).catch((error) => connection.fail(error));
        owner = db.isInTransaction() ? connection : null;
        // it left while its exchange ran, and that exchange opened (or kept) a transaction
        if (owner?.closed) rollBackFor(owner);
      }
    } finally {
      running = false;
    }
    watchIdleOwner();
  }

  function submit(exchange) {
    if (exchange.connection === owner) clearTimeout(idleTimer);
    waiting.push(exchange);
    void drain();
  }

  /** Its transaction would hold the session for ever: end it before anyone else runs. */
  function rollBackFor(connection) {
    if (owner !== connection) return;
    owner = null;
    waiting.unshift({ connection: { write() {}, fail() {} }, messages: [ROLLBACK] });
  }

  function release(connection) {
    for (let i = waiting.length - 1; i >= 0; i -= 1) if (waiting[i].connection === connection) waiting.splice(i, 1);
    rollBackFor(connection);
    void drain();
  }

  const server = createServer((socket) => {
    let buffer = Buffer.alloc(0);
    let started = false;
    let batch = [];
    let closed = false;
    const connection = {
      get closed() {
        return closed;
      },
      write(data) {
        // a copy: PGlite hands a view of its WebAssembly memory, which its next output overwrites
        // while a busy socket still holds the bytes queued
        if (!closed) socket.write(Buffer.from(data));
      },
      fail() {
        socket.destroy();
        close();
      },
    };
    const close = () => {
      if (closed) return;
      closed = true;
      release(connection);
    };
    socket.on('close', close);
    socket.on('error', close);
    socket.on('data', (chunk) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      while (!closed) {
        if (!started) {
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          const code = buffer.readInt32BE(4);
          const message = buffer.subarray(0, length);
          buffer = buffer.subarray(length);
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
            socket.write('N');
          } else if (code === PROTOCOL_3) {
            started = true;
            submit({ connection, messages: [new Uint8Array(message)] });
          } else {
            // a cancel request, or a protocol this server does not speak
            socket.destroy();
            close();
          }
          continue;
        }
        if (buffer.length < 5) return;
        const length = 1 + buffer.readInt32BE(1);
        if (buffer.length < length) return;
        const type = buffer[0];
        const message = buffer.subarray(0, length);
        buffer = buffer.subarray(length);
        if (type === TERMINATE) {
          socket.end();
          close();
          return;
        }
        batch.push(new Uint8Array(message));
        if (type === SYNC || type === QUERY) {
          submit({ connection, messages: batch });
          batch = [];
        }
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve(server));
  });
}
