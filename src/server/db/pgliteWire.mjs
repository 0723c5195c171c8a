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
/** PostgreSQL's own bounds on a startup packet (its length field included). */
export const STARTUP_MIN_BYTES = 8;
export const STARTUP_MAX_BYTES = 10_000;
/** A message's length field counts itself (4 bytes); past this a client is not speaking PostgreSQL. */
export const MESSAGE_MAX_BYTES = 64 * 1024 * 1024;

/** A simple-protocol Query message. */
function queryMessage(text) {
  const body = Buffer.from(`${text}\0`, 'utf8');
  const message = Buffer.alloc(5 + body.length);
  message[0] = QUERY;
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}

/** A FATAL ErrorResponse, which a client reads during start-up and between exchanges alike. */
export function fatalMessage(code, text) {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${text}\0\0`, 'utf8');
  const message = Buffer.alloc(5 + fields.length);
  message[0] = 0x45; // 'E'
  message.writeInt32BE(4 + fields.length, 1);
  fields.copy(message, 5);
  return message;
}
const ROLLBACK = queryMessage('ROLLBACK');

/**
 * Serves `db` (a PGlite) on the unix socket at `path`; answers the net.Server once listening.
 * Every length a client sends is checked before it is used: a startup packet outside
 * STARTUP_MIN_BYTES..STARTUP_MAX_BYTES, a message length under 4 or over maxMessageBytes, or an
 * exchange (messages up to a Sync) over maxMessageBytes closes that connection with a FATAL
 * ErrorResponse, and no one else notices. (A length of 0 used to leave the parser on the same bytes
 * for ever: the thread spun, its memory grew by gigabytes, and every other query waited.)
 */
export function serveWire(db, path, { idleInTransactionMs = 10_000, maxMessageBytes = MESSAGE_MAX_BYTES, onExchange } = {}) {
  /** exchanges waiting for the session, oldest first: { connection, messages } */
  const waiting = [];
  /** the connection whose transaction is open, or null */
  let owner = null;
  let running = false;

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
        // Idle in its transaction from now on, unless it already sent more: its own clock starts,
        // and only its own next exchange stops it (no other connection's traffic does).
        else if (owner === connection && !waiting.some((e) => e.connection === connection)) connection.idleSince();
      }
    } finally {
      running = false;
    }
  }

  function submit(exchange) {
    exchange.connection.busy();
    waiting.push(exchange);
    void drain();
  }

  /** Its transaction would hold the session for ever: end it before anyone else runs. */
  function rollBackFor(connection) {
    if (owner !== connection) return;
    owner = null;
    waiting.unshift({ connection: { write() {}, fail() {}, busy() {}, idleSince() {} }, messages: [ROLLBACK] });
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
    let batchBytes = 0;
    let closed = false;
    let idleTimer = null;
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
      busy() {
        clearTimeout(idleTimer);
      },
      /** PostgreSQL's idle_in_transaction_session_timeout, counted for this connection alone. */
      idleSince() {
        clearTimeout(idleTimer);
        idleTimer = setTimeout(() => {
          if (owner === connection) refuse('25P03', 'terminating connection due to idle-in-transaction timeout');
        }, idleInTransactionMs);
      },
    };
    const close = () => {
      if (closed) return;
      closed = true;
      clearTimeout(idleTimer);
      buffer = Buffer.alloc(0);
      batch = [];
      release(connection);
    };
    /** A FATAL error to this client, then its connection closes; the others go on. */
    const refuse = (code, text) => {
      if (closed) return;
      socket.end(fatalMessage(code, text));
      // a client that does not read its error is not waited for
      setTimeout(() => socket.destroy(), 1000).unref();
      close();
    };
    socket.on('close', close);
    socket.on('error', close);
    socket.on('data', (chunk) => {
      if (closed) return;
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      while (!closed) {
        if (!started) {
          if (buffer.length < 4) return;
          const length = buffer.readInt32BE(0);
          if (length < STARTUP_MIN_BYTES || length > STARTUP_MAX_BYTES) return refuse('08P01', `invalid length of startup packet: ${length}`);
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
        const declared = buffer.readInt32BE(1);
        if (declared < 4 || declared > maxMessageBytes) return refuse('08P01', `invalid message length: ${declared}`);
        const length = 1 + declared;
        if (buffer.length < length) return;
        const type = buffer[0];
        const message = buffer.subarray(0, length);
        buffer = buffer.subarray(length);
        if (type === TERMINATE) {
          socket.end();
          close();
          return;
        }
        batchBytes += length;
        if (batchBytes > maxMessageBytes) return refuse('54000', `more than ${maxMessageBytes} bytes before a Sync`);
        batch.push(new Uint8Array(message));
        if (type === SYNC || type === QUERY) {
          submit({ connection, messages: batch });
          batch = [];
          batchBytes = 0;
        }
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve(server));
  });
}
