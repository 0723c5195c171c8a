/**
 * The fault suite on PostgreSQL: two real server processes on one database, traffic on both, and
 * every app connection terminated (pg_terminate_backend) several times over. Both processes stay
 * up, requests meanwhile answer 2xx or 503 (never 500, never a dropped connection), service is back
 * within 2 s, and a radio skip through one instance still reaches a socket on the other (LISTEN came
 * back). Needs a PostgreSQL server: runs in `npm run test:pg` (DATABASE_URL set).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../../db/open';
import { users } from '../../db/schema';
import { hashPassword } from '../../modules/auth/passwords';
import { createSession } from '../../modules/auth/sessions';
import { createTokenService } from '../../modules/auth/tokens';
import { RADIO_CLOCK_LOCK_KEY } from '../../modules/radio/service';
import { insertSong, openSocket, waitFor, type TestSocket } from '../../modules/radio/test/helpers';
import { spawnServer, type ServerProcess } from './serverProcess';

const DATABASE_URL = process.env.DATABASE_URL;
const SECRET = `faults-${randomBytes(16).toString('hex')}`;
const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 3);
const RESTORED_LINE = 'LISTEN connection restored';
const describeWithPostgres = DATABASE_URL ? describe : describe.skip;

describeWithPostgres('PostgreSQL: every connection terminated during traffic (skipped without DATABASE_URL)', () => {
  const dbName = `wl_faults_${randomBytes(6).toString('hex')}`;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'wl-pgfaults-'));
  const servers: ServerProcess[] = [];
  const sockets: TestSocket[] = [];
  let admin: pg.Client;
  let database: Database;
  let dbUrl: string;
  const tokens = createTokenService(SECRET);

  async function makeUser(role: 'user' | 'admin') {
    const name = `faults${randomBytes(4).toString('hex')}`;
    const [user] = await database.db
      .insert(users)
      .values({ username: name, email: `${name}@example.test`, passwordHash: await hashPassword('whatever-password'), role })
      .returning();
    const { sessionId, jti } = await createSession(database.db, user.id, new Date());
    const { token } = await tokens.signAccess({ userId: user.id, role, sessionId, jti });
    return { token, headers: { authorization: `Bearer ${token}` }, json: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
  }

  const start = async (name: string) => {
    const server = await spawnServer({
      DATABASE_URL: dbUrl,
      JWT_SECRET: SECRET,
      DATA_DIR: path.join(tmp, name),
      MEDIA_DIR: path.join(tmp, 'media'),
      CLIENT_DIR: path.join(tmp, 'no-client'),
      DEMO_LIBRARY: 'off',
    });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(DATABASE_URL!);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
    database = await openDatabase({ databaseUrl: dbUrl, poolSize: 2, log: () => undefined });
    await migrateDatabase(database);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close().catch(() => undefined)));
    await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
    await database?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  it(`survives ${ROUNDS} rounds of pg_terminate_backend on every app connection`, async () => {
    const [a, b] = [await start('a'), await start('b')];
    const boss = await makeUser('admin');
    const listener = await makeUser('user');
    const songs = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => insertSong(database.db, { title: `Fault ${i}`, durationMs: 600_000 })));
    for (const song of songs) {
      expect((await fetch(`${a.baseUrl}/api/radio/queue`, { method: 'POST', headers: boss.json, body: JSON.stringify({ songId: song.id }) })).status).toBe(200);
    }
    expect((await fetch(`${a.baseUrl}/api/radio/toggle`, { method: 'POST', headers: boss.headers })).status).toBe(200);
    const onB = openSocket(`${b.baseUrl.replace('http', 'ws')}/api/radio/ws?token=${encodeURIComponent(listener.token)}`);
    sockets.push(onB);
    await onB.next('QUEUE_UPDATE');

    // traffic: reads and writes through both instances until told to stop
    const statuses = new Map<number, number>();
    const networkErrors: string[] = [];
    let running = true;
    const worker = async (i: number) => {
      const server = i % 2 ? b : a;
      for (let n = 0; running; n += 1) {
        const request =
          n % 3 === 0
            ? fetch(`${server.baseUrl}/api/songs`, { headers: boss.headers })
            : n % 3 === 1
              ? fetch(`${server.baseUrl}/api/radio/queue`, { headers: boss.headers })
              : fetch(`${server.baseUrl}/api/liked-songs/${songs[n % songs.length].id}/toggle`, { method: 'POST', headers: boss.headers });
        try {
          const res = await request;
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        } catch (error) {
          networkErrors.push(String((error as Error).cause ?? error));
        }
      }
    };
    const traffic = [0, 1, 2, 3].map(worker);

    const recoveries: number[] = [];
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        await new Promise((r) => setTimeout(r, 500));
        const { rows } = await admin.query<{ n: number }>(
          'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [dbName],
        );
        expect(rows[0].n).toBeGreaterThan(0);
        const cutAt = Date.now();
        // back when a request through each instance succeeds again
        for (const server of [a, b]) {
          await waitFor(
            () =>
              fetch(`${server.baseUrl}/api/songs`, { headers: boss.headers }).then(
                (r) => r.status === 200,
                () => false,
              ),
            5_000,
            'requests to succeed again',
          );
        }
        recoveries.push(Date.now() - cutAt);
      }
    } finally {
      running = false;
      await Promise.all(traffic);
    }

    expect(a.alive && b.alive).toBe(true);
    expect(networkErrors).toEqual([]);
    const bad = [...statuses.keys()].filter((status) => status >= 500 && status !== 503);
    expect(bad).toEqual([]);
    expect(Math.max(...recoveries)).toBeLessThan(2_000);
    for (const server of [a, b]) expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);

    // LISTEN is back on b (once per round), so a skip through a reaches b's socket
    await waitFor(() => b.output().split(RESTORED_LINE).length - 1 >= ROUNDS, 10_000, 'LISTEN to reconnect on b');
    const before = onB.messages.length;
    const sentAt = Date.now();
    expect((await fetch(`${a.baseUrl}/api/radio/skip`, { method: 'POST', headers: boss.headers })).status).toBe(200);
    await waitFor(() => onB.messages.slice(before).some((m) => m.type === 'TRACK_CHANGE'), 2_000, 'the skip to reach b');
    const skipMs = Date.now() - sentAt;

    // the clock's advisory lock died with its connection: an instance takes it again
    expect(a.output() + b.output()).toContain('radio: lost the clock lock with its connection');
    await waitFor(
      async () => {
        const { rows } = await admin.query<{ n: number }>(
          "select count(*)::int as n from pg_locks l join pg_stat_activity s on s.pid = l.pid where l.locktype = 'advisory' and l.objid = $1 and s.datname = $2",
          [RADIO_CLOCK_LOCK_KEY, dbName],
        );
        return rows[0].n === 1;
      },
      5_000,
      'an instance to hold the radio clock again',
    );

    const total = [...statuses.values()].reduce((sum, n) => sum + n, 0);
    console.log(
      `faults (PostgreSQL, 2 instances): ${ROUNDS}/${ROUNDS} terminate-all rounds survived by both processes; ` +
        `${total} requests during them: ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}, 500: 0, dropped: 0; ` +
        `recovery ${recoveries.join(' / ')} ms (max ${Math.max(...recoveries)}); skip a -> b socket after reconnect ${skipMs} ms`,
    );
  }, 120_000);
});
