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

describe('lengths a client sends', () => {
  const startupOfLength = (length: number, code = 196608) => {
    const message = Buffer.alloc(8);
    message.writeInt32BE(length, 0);
    message.writeInt32BE(code, 4);
    return message;
  };
  const messageOfLength = (type: number, length: number) => {
    const message = Buffer.alloc(5);
    message[0] = type;
    message.writeInt32BE(length, 1);
    return message;
  };
  /** connects (to the shared server, or the one at `socketPath`) and sends the bytes, with no startup of its own */
  async function raw(bytes: Buffer, socketPath = path.join(dir, 's')): Promise<{ socket: Socket; received: () => Buffer; closed: Promise<void> }> {
    const socket = connect(socketPath);
    sockets.push(socket);
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(bytes);
    return { socket, received: () => Buffer.concat(chunks), closed };
  }
  const within = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

  const bad: [string, () => Buffer][] = [
    ['an SSLRequest of length 0', () => startupOfLength(0, 80877103)],
    ['a startup packet of length 7', () => startupOfLength(7)],
    ['a startup packet of length -1', () => startupOfLength(-1)],
    ['a startup packet of 10,001 bytes', () => startupOfLength(10_001)],
    ["a 'Q' of length -1", () => Buffer.concat([startup(), messageOfLength(0x51, -1)])],
    ["a 'Q' of length 0", () => Buffer.concat([startup(), messageOfLength(0x51, 0)])],
    ["a 'P' of length 3", () => Buffer.concat([startup(), messageOfLength(0x50, 3)])],
    ["a 'Q' of 2^31 - 1 bytes", () => Buffer.concat([startup(), messageOfLength(0x51, 0x7fffffff)])],
  ];
  it.each(bad)('%s closes that connection with a FATAL error, and another connection still queries', async (_name, bytes) => {
    const attacker = await raw(bytes());
    await within(attacker.closed, 2000);
    const answer = attacker.received().toString('latin1');
    expect(answer).toMatch(/SFATAL\0VFATAL\0C08P01\0Minvalid (length of startup packet|message length): -?\d+\0/);
    const b = await client();
    b.socket.write(query('select after'));
    await within(
      until(() => b.received().includes('done select after;')),
      1000,
    );
  });

  it('refuses an exchange over the configured maximum before its Sync', async () => {
    const small = await serveWire(db, path.join(dir, 'small'), { maxMessageBytes: 1000 });
    try {
      const parse = Buffer.alloc(600);
      parse[0] = 0x50;
      parse.writeInt32BE(599, 1);
      const sender = await raw(Buffer.concat([startup(), parse, parse]), path.join(dir, 'small'));
      await within(sender.closed, 2000);
      expect(sender.received().toString('latin1')).toContain('C54000\0');
    } finally {
      for (const s of sockets.splice(0)) s.destroy();
      await new Promise((resolve) => small.close(resolve));
    }
  });
});

describe('the idle-in-transaction guard', () => {
  it('ends a connection idle in BEGIN after its own idleness, while another connection queries every 100 ms', async () => {
    const guarded = await serveWire(db, path.join(dir, 'guarded'), { idleInTransactionMs: 400 });
    const timer = { handle: undefined as NodeJS.Timeout | undefined };
    try {
      const open = async () => {
        const socket = connect(path.join(dir, 'guarded'));
        sockets.push(socket);
        let got = '';
        socket.on('data', (d) => (got += d.toString('latin1')));
        socket.on('error', () => undefined);
        const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
        await new Promise((resolve) => socket.once('connect', resolve));
        socket.write(startup());
        return { socket, received: () => got, closed };
      };
      const a = await open();
      const b = await open();
      a.socket.write(query('begin'));
      await until(() => a.received().includes('done begin;'));
      const idleFrom = performance.now();
      let sent = 0;
      timer.handle = setInterval(() => b.socket.write(query(`select ${(sent += 1)}`)), 100);
      const closedAt = await Promise.race([a.closed, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 3000))]);
      expect(closedAt).toBeGreaterThan(0);
      // its own 400 ms of idleness, not restarted by b's exchanges
      expect(closedAt - idleFrom).toBeLessThan(1000);
      expect(a.received()).toContain('C25P03\0');
      // b's queries waited behind the transaction, then ran after its rollback
      await until(() => b.received().includes('done select 1;'));
      expect(db.ran.slice(0, 3)).toEqual(['begin', 'ROLLBACK', 'select 1']);
    } finally {
      clearInterval(timer.handle);
      for (const s of sockets.splice(0)) s.destroy();
      await new Promise((resolve) => guarded.close(resolve));
    }
  });
});
