/**
 * The embedded database's wire under bad lengths, against the real server: its socket accepts any
 * client running as the service's user (docs/security.md). fast-check sends startup packets and
 * messages whose length fields are out of bounds (0, -1, 7, 10,001, 2^31 - 1, …); after each, the
 * attacker's connection must be closed and a sign-in, which needs the database, must answer within
 * a bound. At the end SIGTERM must stop the server, and its memory must not have grown by gigabytes.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { spawnServer, type ServerProcess } from './serverProcess';

const RUNS = Number(process.env.FAULT_WIRE_RUNS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const ADMIN = { email: 'admin@wire.test', password: 'admin-password-wire' };
const SIGN_IN_BOUND_MS = 5000;
const SIGTERM_BOUND_MS = 15_000;
const SSL_REQUEST = 80877103;
const PROTOCOL_3 = 196608;

const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n, 0);
  return b;
};
const startup = () => {
  const body = Buffer.from('user\0postgres\0database\0postgres\0\0');
  return Buffer.concat([int32(8 + body.length), int32(PROTOCOL_3), body]);
};

/** A length field out of bounds for a startup packet (8..10,000) or a message (4..64 MB). */
const badStartupLength = fc.oneof(
  fc.constantFrom(0, -1, 7, 10_001, 2 ** 31 - 1, -(2 ** 31)),
  fc.integer({ min: -(2 ** 31), max: 7 }),
  fc.integer({ min: 10_001, max: 2 ** 31 - 1 }),
);
const badMessageLength = fc.oneof(
  fc.constantFrom(0, -1, 3, 2 ** 31 - 1, -(2 ** 31), 64 * 1024 * 1024 + 1),
  fc.integer({ min: -(2 ** 31), max: 3 }),
  fc.integer({ min: 64 * 1024 * 1024 + 1, max: 2 ** 31 - 1 }),
);
const frame = fc.oneof(
  fc.record({ length: badStartupLength, code: fc.constantFrom(SSL_REQUEST, PROTOCOL_3, 80877104, 80877102) }).map(({ length, code }) => ({
    name: `startup length ${length} code ${code}`,
    bytes: Buffer.concat([int32(length), int32(code)]),
  })),
  fc.record({ type: fc.integer({ min: 0, max: 255 }), length: badMessageLength, tail: fc.uint8Array({ maxLength: 16 }) }).map(({ type, length, tail }) => ({
    name: `message ${String.fromCharCode(type)} (0x${type.toString(16)}) length ${length}`,
    bytes: Buffer.concat([startup(), Buffer.from([type]), int32(length), Buffer.from(tail)]),
  })),
);

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

describe('PGlite wire: bad length fields from a local client', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'wl-wire-'));
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.crash();
    rmSync(tmp, { recursive: true, force: true });
  });

  /** The socket of the server's database thread: under its TMPDIR, in a wavelength-db-* folder. */
  const socketPath = () => {
    const folder = readdirSync(path.join(tmp, 'tmp')).find((name) => name.startsWith('wavelength-db-'));
    if (!folder) throw new Error('no wavelength-db-* folder');
    return path.join(tmp, 'tmp', folder, '.s.PGSQL.5432');
  };

  /** Sends the bytes; resolves when the server closed the connection, or with false after the bound. */
  const attack = (bytes: Buffer) =>
    new Promise<boolean>((resolve) => {
      const socket = connect(socketPath());
      const timer = setTimeout(() => {
        socket.destroy();
        resolve(false);
      }, 3000);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(true);
      });
      socket.on('connect', () => socket.write(bytes));
      socket.resume();
    });

  const signIn = async () => {
    const started = performance.now();
    const res = await fetch(`${server!.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
      signal: AbortSignal.timeout(SIGN_IN_BOUND_MS),
    });
    return { status: res.status, ms: performance.now() - started };
  };

  it('closes only the bad connection, keeps signing in, and stops on SIGTERM', async () => {
    const dataDir = path.join(tmp, 'data');
    mkdirSync(path.join(tmp, 'tmp'));
    server = await spawnServer(
      {
        DATA_DIR: dataDir,
        TMPDIR: path.join(tmp, 'tmp'),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        JWT_SECRET: 'wire-secret-wire-secret-wire-secret-0123456789',
      },
      // a new database folder: initdb first, on cores other tests share
      150_000,
    );
    expect((await signIn()).status).toBe(200);
    const rssBefore = rssKb(server.process.pid!);
    let slowest = 0;
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(frame, async ({ bytes }) => {
        sent += 1;
        expect(await attack(bytes)).toBe(true);
        const answer = await signIn();
        expect(answer.status).toBe(200);
        slowest = Math.max(slowest, answer.ms);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    const rssAfter = rssKb(server.process.pid!);
    const stopping = performance.now();
    const stopped = await Promise.race([server.stop().then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), SIGTERM_BOUND_MS))]);
    const stopMs = performance.now() - stopping;
    expect(stopped).toBe(true);
    expect(rssAfter - rssBefore).toBeLessThan(200 * 1024);
    console.log(
      `faults (PGlite wire lengths, seed ${SEED}): ${sent} bad frames, each connection closed, sign-in slowest ${slowest.toFixed(0)} ms; ` +
        `RSS ${(rssBefore / 1024).toFixed(0)} → ${(rssAfter / 1024).toFixed(0)} MB; SIGTERM stopped it in ${stopMs.toFixed(0)} ms`,
    );
    server = null;
  }, 300_000);
});
