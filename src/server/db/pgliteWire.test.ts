import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error: plain ESM without types, loaded as the database thread loads it
import { serveWire } from './pgliteWire.mjs';

/**
 * The wire's turn-taking, against a stand-in for PGlite whose transaction state and statement
 * timing the test decides: cases a real PGlite does not let a test time exactly.
 */
const startup = () => {
  const body = Buffer.from('user\0postgres\0\0');
  const message = Buffer.alloc(8 + body.length);
  message.writeInt32BE(message.length, 0);
  message.writeInt32BE(196608, 4);
  body.copy(message, 8);
  return message;
};
const query = (text: string) => {
  const body = Buffer.from(`${text}\0`);
  const message = Buffer.alloc(5 + body.length);
  message[0] = 0x51;
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
};
const textOf = (message: Uint8Array) => Buffer.from(message.subarray(5, message.length - 1)).toString();

class FakePglite {
  inTransaction = false;
  readonly ran: string[] = [];
  /** statements that take until the test says so */
  readonly held = new Map<string, () => void>();
  async runExclusive<T>(fn: () => Promise<T>): Promise<T> {
    return fn();
  }
  async execProtocolRawStream(message: Uint8Array, { onRawData }: { onRawData: (d: Uint8Array) => void }) {
    if (message[0] !== 0x51) return onRawData(new Uint8Array([0x52]));
    const text = textOf(message);
    if (text.startsWith('hold')) await new Promise<void>((resolve) => this.held.set(text, resolve));
    this.ran.push(text);
    if (text.includes('begin')) this.inTransaction = true;
    if (text === 'ROLLBACK' || text === 'commit') this.inTransaction = false;
    onRawData(Buffer.from(`done ${text};`));
  }
  isInTransaction() {
    return this.inTransaction;
  }
}

let dir: string;
let server: Server;
let db: FakePglite;
const sockets: Socket[] = [];
beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'wire-test-'));
  db = new FakePglite();
  server = await serveWire(db, path.join(dir, 's'), { idleInTransactionMs: 60_000 });
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

async function client(): Promise<{ socket: Socket; received: () => string }> {
  const socket = connect(path.join(dir, 's'));
  sockets.push(socket);
  let got = '';
  socket.on('data', (d) => (got += d.toString('latin1')));
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(startup());
  return { socket, received: () => got };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

it('rolls back the transaction of a connection that left while its exchange ran, then serves the others', async () => {
  const a = await client();
  a.socket.write(query('hold begin'));
  await until(() => db.held.has('hold begin'));
  a.socket.destroy();
  await new Promise((r) => setTimeout(r, 20));
  const b = await client();
  b.socket.write(query('select 1'));
  db.held.get('hold begin')!();
  await until(() => b.received().includes('done select 1;'));
  expect(db.ran).toEqual(['hold begin', 'ROLLBACK', 'select 1']);
});

it('keeps the session for the connection inside a transaction until it ends it', async () => {
  const a = await client();
  const b = await client();
  a.socket.write(query('begin'));
  await until(() => a.received().includes('done begin;'));
  b.socket.write(query('select b'));
  a.socket.write(query('update a'));
  a.socket.write(query('commit'));
  await until(() => b.received().includes('done select b;'));
  expect(db.ran).toEqual(['begin', 'update a', 'commit', 'select b']);
});
