/**
 * Two real server processes sharing one PostgreSQL behave as one station: events cross through
 * LISTEN/NOTIFY, listener counts add up, and when the instance running the clock dies another
 * takes it over. It needs a PostgreSQL server, so it runs in `npm run test:pg` (DATABASE_URL set);
 * the embedded PGlite belongs to one process and cannot be shared.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../../../e2e/support/server';
import type { RadioSnapshot } from '../../../contract/radio';
import { migrateDatabase, openDatabase, type Database } from '../../db/open';
import { users } from '../../db/schema';
import { hashPassword } from '../auth/passwords';
import { createSession } from '../auth/sessions';
import { createTokenService } from '../auth/tokens';
import { insertSong, openSocket, waitFor, type TestSocket } from './test/helpers';

const DATABASE_URL = process.env.DATABASE_URL;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SECRET = `multi-instance-${randomBytes(16).toString('hex')}`;
const CLOCK_LINE = 'radio: this instance runs the clock';

interface RunningServer {
  baseUrl: string;
  process: ChildProcess;
  output(): string;
  exited: Promise<void>;
  stop(): Promise<void>;
}

const describeWithPostgres = DATABASE_URL ? describe : describe.skip;

describeWithPostgres('two instances on one PostgreSQL (skipped without DATABASE_URL: run npm run test:pg)', () => {
  let tmp: string;
  const dbName = `wl_multi_${randomBytes(6).toString('hex')}`;
  let database: Database;
  let dbUrl: string;
  const servers: RunningServer[] = [];
  const sockets: TestSocket[] = [];
  const tokens = createTokenService(SECRET);

  async function makeUser(role: 'user' | 'admin') {
    const name = `multi${randomBytes(4).toString('hex')}`;
    const [user] = await database.db
      .insert(users)
      .values({ username: name, email: `${name}@example.test`, passwordHash: await hashPassword('whatever-password'), role })
      .returning();
    const { sessionId, jti } = await createSession(database.db, user.id, new Date());
    const { token } = await tokens.signAccess({ userId: user.id, role, sessionId, jti });
    return { user, token, headers: { authorization: `Bearer ${token}` }, json: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
  }

  /** One real server process (node with tsx's loader, no wrapper process, so a kill really kills it). */
  async function start(name: string): Promise<RunningServer> {
    const port = await freePort();
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/index.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(tmp, name),
        CLIENT_DIR: path.join(tmp, 'no-client'),
        SKIP_CLIENT_BUILD: '1',
        DATABASE_URL: dbUrl,
        JWT_SECRET: SECRET,
        DEMO_LIBRARY: 'off',
        MEDIA_DIR: path.join(tmp, 'media'),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const server: RunningServer = {
      baseUrl: `http://127.0.0.1:${port}`,
      process: child,
      output: () => output,
      exited,
      async stop() {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exited;
      },
    };
    servers.push(server);
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`server ${name} exited:\n${output}`);
        return fetch(`${server.baseUrl}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
      },
      60_000,
      `server ${name} to answer`,
    );
    return server;
  }

  function socketTo(server: RunningServer, token: string): TestSocket {
    const s = openSocket(`${server.baseUrl.replace('http', 'ws')}/api/radio/ws?token=${encodeURIComponent(token)}`);
    sockets.push(s);
    return s;
  }

  async function snapshot(server: RunningServer, headers: Record<string, string>): Promise<RadioSnapshot> {
    const res = await fetch(`${server.baseUrl}/api/radio/queue`, { headers });
    return (await res.json()) as RadioSnapshot;
  }

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'wavelength-multi-'));
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(DATABASE_URL!);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
    database = await openDatabase({ databaseUrl: dbUrl, poolSize: 4 });
    // migrate once here: two processes starting at once would race on a fresh database
    await migrateDatabase(database);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close().catch(() => undefined)));
    await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
    await database?.close();
    const dropper = new pg.Client({ connectionString: DATABASE_URL });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await dropper.end();
    rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  it('crosses events within 1 s, adds up listeners, and hands the clock over when its holder dies', async () => {
    const a = await start('a');
    await waitFor(() => a.output().includes(CLOCK_LINE), 10_000, 'the first instance to take the clock');
    const b = await start('b');
    const boss = await makeUser('admin');
    const [u1, u2] = [await makeUser('user'), await makeUser('user')];
    const songs = await Promise.all([600_000, 600_000, 4_000, 600_000].map((durationMs, i) => insertSong(database.db, { title: `Multi ${i}`, durationMs })));

    // writes through either instance land in one queue
    for (const [i, song] of songs.entries()) {
      const via = i % 2 ? b : a;
      const res = await fetch(`${via.baseUrl}/api/radio/queue`, { method: 'POST', headers: boss.json, body: JSON.stringify({ songId: song.id }) });
      expect(res.status).toBe(200);
    }

    const onA = socketTo(a, u1.token);
    const onB = socketTo(b, u2.token);
    await onA.next('QUEUE_UPDATE');
    await onB.next('QUEUE_UPDATE');

    // listener counts add up across instances
    await waitFor(
      async () => (await snapshot(a, boss.headers)).listeners === 2 && (await snapshot(b, boss.headers)).listeners === 2,
      5_000,
      'both instances to count 2',
    );
    await waitFor(() => onB.messages.some((m) => m.type === 'LISTENERS_UPDATE' && m.data.listeners === 2), 5_000, 'LISTENERS_UPDATE 2 on b');

    expect((await fetch(`${a.baseUrl}/api/radio/toggle`, { method: 'POST', headers: boss.headers })).status).toBe(200);
    expect((await onB.next('TRACK_CHANGE')).data.currentTrack?.title).toBe('Multi 0');
    expect((await onA.next('TRACK_CHANGE')).data.currentTrack?.title).toBe('Multi 0');

    // a skip on one instance reaches a socket on the other within 1 s
    const sentAt = Date.now();
    const skip = await fetch(`${a.baseUrl}/api/radio/skip`, { method: 'POST', headers: boss.headers });
    expect(skip.status).toBe(200);
    const change = await onB.next('TRACK_CHANGE', 1_000);
    expect(Date.now() - sentAt).toBeLessThan(1_000);
    expect(change.data.currentTrack?.title).toBe('Multi 1');
    expect((await onA.next('TRACK_CHANGE', 1_000)).data.currentTrack?.title).toBe('Multi 1');

    // kill the clock holder outright (no clean shutdown); the other takes the clock over
    const holder = a;
    const survivor = b;
    const survivorSocket = onB;
    expect(survivor.output()).not.toContain(CLOCK_LINE);
    holder.process.kill('SIGKILL');
    await holder.exited;
    const killedAt = Date.now();
    await waitFor(() => survivor.output().includes(CLOCK_LINE), 10_000, 'the survivor to take the clock');
    const takeover = Date.now() - killedAt;
    expect(takeover).toBeLessThan(5_000);

    // the survivor's clock moves the station on: a 4 s track ends and the next starts
    expect((await fetch(`${survivor.baseUrl}/api/radio/skip`, { method: 'POST', headers: boss.headers })).status).toBe(200);
    await waitFor(() => survivorSocket.messages.some((m) => m.type === 'TRACK_CHANGE' && m.data.currentTrack?.title === 'Multi 2'), 2_000, 'Multi 2');
    await waitFor(
      () => survivorSocket.messages.some((m) => m.type === 'TRACK_CHANGE' && m.data.currentTrack?.title === 'Multi 3'),
      10_000,
      'the survivor clock to start Multi 3',
    );
    const state = await snapshot(survivor, boss.headers);
    expect(state.currentTrack?.title).toBe('Multi 3');

    // the dead instance's listener stops counting once its heartbeat goes stale
    await waitFor(async () => (await snapshot(survivor, boss.headers)).listeners === 1, 25_000, 'the dead instance’s listeners to expire');
  }, 150_000);

  it('ends a session on every instance at once: logout through one, its stream cookie and radio socket are refused by the other', async () => {
    const [c, d] = [await start('c'), await start('d')];
    const listener = await makeUser('user');
    const song = await insertSong(database.db, { title: 'Cookie across instances' });
    mkdirSync(path.join(tmp, 'media'), { recursive: true });
    writeFileSync(path.join(tmp, 'media', song.path), Buffer.from('RIFF-cross-instance'));

    const login = await fetch(`${c.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: listener.user.username, password: 'whatever-password' }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { token: { token: string } }).token.token;
    const cookie = login.headers
      .getSetCookie()
      .find((h) => h.startsWith('wl_stream='))!
      .split(';')[0];
    const streamOnD = () => fetch(`${d.baseUrl}/api/songs/stream/${song.id}`, { headers: { cookie } });
    expect((await streamOnD()).status).toBe(200);
    const socketOnD = socketTo(d, token);
    await socketOnD.next('QUEUE_UPDATE');

    const loggedOutAt = Date.now();
    expect((await fetch(`${c.baseUrl}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await streamOnD()).status).toBe(401);
    expect((await socketOnD.closed).code).toBe(4401);
    expect(Date.now() - loggedOutAt).toBeLessThan(1_000);
  }, 120_000);
});
