import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/open';
import { encodeWav } from '../library/demo/wav';
import { controlSocketPlugin } from '../startup/admin/controlSocket';
import { runPaths } from '../startup/admin/runFiles';
import { createTestDatabase } from '../test/testDb';
import { TEST_JWT_SECRET } from '../test/testApp';
import type { CliContext } from './command';
import { runCaptured } from './test/captured';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'wl-cli-'));
const dataDir = path.join(tmp, 'data');
const music = path.join(tmp, 'music');
mkdirSync(path.join(music, 'Album'), { recursive: true });
writeFileSync(path.join(music, 'Album', 'tone.wav'), encodeWav(new Int16Array(8000), 8000));

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_LIBRARY: 'off', MUSIC_DIR: music });
  app = await buildApp({ config, database, jwtSecret: TEST_JWT_SECRET, clientDir: null, ffmpegAvailable: () => false });
  await app.register(controlSocketPlugin, { dataDir });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** The database this process opened (as with PostgreSQL, or the embedded one with no server running). */
const here: CliContext['withTarget'] = (use) => use({ kind: 'database', database });
/** The running server over its control socket, chosen from DATA_DIR as the real command line does. */
const viaServer = { env: { DATA_DIR: dataDir } };

const cli = (argv: string[], stdin?: string) => runCaptured(argv, { withTarget: here, stdin, env: { MUSIC_DIR: music } });

async function login(email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password } });
}

async function signedIn(email: string, password: string): Promise<string> {
  const res = await login(email, password);
  expect(res.statusCode).toBe(200);
  return res.json().token.token;
}

/** Whether the token still works: on the API and for a refresh. */
async function sessionWorks(token: string): Promise<{ me: number; refresh: number }> {
  const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
  const refresh = await app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { token } });
  return { me: me.statusCode, refresh: refresh.statusCode };
}

describe('usage', () => {
  it('lists the commands with --help (exit 0) and without a command (exit 2)', async () => {
    const help = await cli(['--help']);
    expect(help).toMatchObject({ code: 0 });
    for (const name of ['users list', 'users create', 'users set-password', 'users promote', 'users demote', 'scan']) expect(help.out).toContain(name);
    expect(await cli([])).toMatchObject({ code: 2, err: expect.stringContaining('usage: wavelength <command>') });
    expect((await cli(['users', 'create', '--help'])).out).toContain('usage: wavelength users create <email>');
    const group = await cli(['users', '--help']);
    expect(group).toMatchObject({ code: 0, out: expect.stringContaining('users set-password') });
    expect(group.out).not.toContain('scan');
  });

  it('answers an unknown command, a missing argument, an extra one and an unknown option with one line, the usage and exit 2', async () => {
    expect(await cli(['frobnicate'])).toMatchObject({ code: 2, err: expect.stringMatching(/^wavelength: unknown command "frobnicate"\nusage:/) });
    expect(await cli(['users'])).toMatchObject({ code: 2, err: expect.stringMatching(/^wavelength: "users" needs a command/) });
    expect(await cli(['users', 'rename'])).toMatchObject({ code: 2, err: expect.stringContaining('unknown command "users rename"') });
    const missing = await cli(['users', 'create']);
    expect(missing).toMatchObject({
      code: 2,
      err: 'wavelength: missing argument <email>\nusage: wavelength users create <email> [--name NAME] [--admin] [--password-stdin]',
    });
    expect(await cli(['users', 'promote', 'a@example.com', 'b@example.com'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('unexpected argument "b@example.com"'),
    });
    expect(await cli(['users', 'list', '--colour'])).toMatchObject({ code: 2, err: expect.stringContaining("Unknown option '--colour'") });
  });
});

describe('users on the database opened here', () => {
  it('creates an admin from stdin and a user with a password made and printed once; both sign in at once', async () => {
    const admin = await cli(['users', 'create', 'Root@Example.com', '--admin', '--name', 'root', '--password-stdin'], 'admin password 1\n');
    expect(admin).toMatchObject({ code: 0, out: 'created the admin root@example.com (name root)' });
    expect((await login('root@example.com', 'admin password 1')).json().token.user.role).toBe('admin');

    const user = await cli(['users', 'create', 'dana.x@example.com']);
    expect(user.code).toBe(0);
    const password = /^password: (\S+)$/m.exec(user.out)?.[1];
    expect(password).toHaveLength(16);
    expect(user.err).toContain('shown once');
    expect((await login('dana.x@example.com', password!)).json().token.user).toMatchObject({ username: 'dana.x', role: 'user' });
  });

  it('refuses what the web sign-up refuses: a weak password, a bad email, a taken email or name; nothing is created', async () => {
    expect(await cli(['users', 'create', 'weak@example.com', '--password-stdin'], 'short\n')).toMatchObject({
      code: 1,
      err: 'wavelength: Password must be at least 8 characters',
    });
    expect(await cli(['users', 'create', 'not-an-email'])).toMatchObject({ code: 1, err: 'wavelength: Enter a valid email address' });
    expect(await cli(['users', 'create', 'root@example.com'])).toMatchObject({ code: 1, err: 'wavelength: An account with this email already exists' });
    expect(await cli(['users', 'create', 'other@example.com', '--name', 'ROOT'])).toMatchObject({ code: 1, err: 'wavelength: This username is already taken' });
    expect(await cli(['users', 'create', 'other@example.com', '--name', 'no spaces'])).toMatchObject({
      code: 1,
      err: expect.stringContaining('Username must be'),
    });
    const listed = JSON.parse((await cli(['users', 'list', '--json'])).out) as { email: string }[];
    expect(listed.map((u) => u.email).sort()).toEqual(['dana.x@example.com', 'root@example.com']);
  });

  it('lists the accounts as a table and as JSON', async () => {
    const table = await cli(['users', 'list']);
    expect(table.code).toBe(0);
    const [header, ...rows] = table.out.split('\n');
    expect(header).toMatch(/^EMAIL\s+NAME\s+ROLE\s+CREATED$/);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^root@example\.com\s+root\s+admin\s+\d{4}-\d\d-\d\d \d\d:\d\d UTC$/),
        expect.stringMatching(/^dana\.x@example\.com\s+dana\.x\s+user\s+/),
      ]),
    );
    const json = JSON.parse((await cli(['users', 'list', '--json'])).out);
    expect(json).toContainEqual({ email: 'root@example.com', name: 'root', role: 'admin', created: expect.any(String) });
  });

  it('set-password signs the user out everywhere; the new password works, the old one not', async () => {
    await cli(['users', 'create', 'eve@example.com', '--password-stdin'], 'first password\n');
    const token = await signedIn('eve@example.com', 'first password');
    expect(await sessionWorks(token)).toEqual({ me: 200, refresh: 200 });
    const done = await cli(['users', 'set-password', 'EVE@example.com', '--password-stdin'], 'second password\n');
    expect(done).toMatchObject({
      code: 0,
      out: 'password of eve@example.com changed; their sessions are signed out and their Subsonic app password and API keys revoked',
    });
    expect(await sessionWorks(token)).toEqual({ me: 401, refresh: 401 });
    expect((await login('eve@example.com', 'first password')).statusCode).toBe(401);
    await signedIn('eve@example.com', 'second password');
    expect(await cli(['users', 'set-password', 'eve@example.com', '--password-stdin'], 'short')).toMatchObject({
      code: 1,
      err: expect.stringContaining('at least 8'),
    });
    expect(await cli(['users', 'set-password', 'nobody@example.com'])).toMatchObject({
      code: 1,
      err: 'wavelength: no account with the email nobody@example.com',
    });
  });

  it('promotes and demotes; a demotion signs out; the last admin stays', async () => {
    expect(await cli(['users', 'demote', 'root@example.com'])).toMatchObject({
      code: 1,
      err: 'wavelength: root@example.com is the last admin: promote another account first',
    });
    expect(await cli(['users', 'promote', 'eve@example.com'])).toMatchObject({ code: 0, out: 'eve@example.com is now an admin' });
    expect(await cli(['users', 'promote', 'eve@example.com'])).toMatchObject({ code: 0, out: 'eve@example.com is an admin already: nothing changed' });
    const token = await signedIn('eve@example.com', 'second password');
    expect(await cli(['users', 'demote', 'eve@example.com'])).toMatchObject({
      code: 0,
      out: 'eve@example.com is no longer an admin; their sessions are signed out',
    });
    expect(await sessionWorks(token)).toEqual({ me: 401, refresh: 401 });
    expect((await login('eve@example.com', 'second password')).json().token.user.role).toBe('user');
    expect(await cli(['users', 'demote', 'dana.x@example.com'])).toMatchObject({ code: 0, out: 'dana.x@example.com is not an admin: nothing changed' });
    expect(await cli(['users', 'promote', 'ghost@example.com'])).toMatchObject({ code: 1, err: 'wavelength: no account with the email ghost@example.com' });
  });
});

describe('scan on the database opened here', () => {
  it('scans MUSIC_DIR in this process and prints the outcome', async () => {
    const result = await cli(['scan']);
    expect(result).toMatchObject({ code: 0 });
    expect(result.out).toMatch(/^scan completed in [\d.]+ s: 1 files seen, 1 added, 0 changed, 0 moved, 0 marked missing, 0 unchanged, 0 failed$/);
  });

  it('says so when MUSIC_DIR is not set', async () => {
    expect(await runCaptured(['scan'], { withTarget: here })).toMatchObject({ code: 1, err: 'wavelength: MUSIC_DIR is not set: there is nothing to scan' });
  });
});

describe('through the running server (DATA_DIR/run/admin.sock)', () => {
  it('creates a user who signs in at once, and changes passwords in the server itself', async () => {
    expect(await runCaptured(['users', 'create', 'sam@example.com', '--password-stdin'], { ...viaServer, stdin: 'sam password\n' })).toMatchObject({ code: 0 });
    const token = await signedIn('sam@example.com', 'sam password');
    expect(await sessionWorks(token)).toEqual({ me: 200, refresh: 200 });
    // the server's session cache (embedded database) forgets the session at once: ended in its process
    expect((await runCaptured(['users', 'set-password', 'sam@example.com', '--password-stdin'], { ...viaServer, stdin: 'sam password 2' })).code).toBe(0);
    expect(await sessionWorks(token)).toEqual({ me: 401, refresh: 401 });
    const list = JSON.parse((await runCaptured(['users', 'list', '--json'], viaServer)).out) as { email: string }[];
    expect(list.map((u) => u.email)).toContain('sam@example.com');
  });

  it("passes the server's refusals through as one line, exit 1", async () => {
    expect(await runCaptured(['users', 'demote', 'root@example.com'], viaServer)).toMatchObject({
      code: 1,
      err: 'wavelength: root@example.com is the last admin: promote another account first',
    });
    expect(await runCaptured(['users', 'create', 'sam@example.com'], viaServer)).toMatchObject({
      code: 1,
      err: 'wavelength: An account with this email already exists',
    });
    expect(await runCaptured(['users', 'set-password', 'x@example.com'], viaServer)).toMatchObject({
      code: 1,
      err: 'wavelength: no account with the email x@example.com',
    });
  });

  it("scans with the server's own scanner and waits for its outcome", async () => {
    const result = await runCaptured(['scan'], viaServer);
    expect(result).toMatchObject({ code: 0 });
    expect(result.out).toMatch(/^scan completed in [\d.]+ s: 1 files seen, 0 added, 0 changed, 0 moved, 0 marked missing, 1 unchanged, 0 failed$/);
    expect(app.library.status().lastResult?.counters.unchanged).toBe(1);
  });
});

/** One raw line to the control socket, and its answer. */
function rawAsk(line: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(runPaths(dataDir).socketPath);
    let answer = '';
    socket.on('data', (d) => (answer += d));
    socket.on('end', () => resolve(JSON.parse(answer)));
    socket.on('error', reject);
    socket.write(line);
  });
}

describe('the control socket', () => {
  it('answers what is not a valid request with an error line, and runs nothing', async () => {
    expect(await rawAsk('not json\n')).toEqual({ ok: false, error: expect.stringContaining('the request is not') });
    expect(await rawAsk('{"operation":"users.drop"}\n')).toEqual({ ok: false, error: expect.stringContaining('no operation "users.drop"') });
    expect(await rawAsk('{"operation":"users.create","params":{"email":1}}\n')).toEqual({ ok: false, error: expect.stringMatching(/^users\.create: email: /) });
    expect(await rawAsk(`${'x'.repeat(70_000)}`)).toEqual({ ok: false, error: 'the request is too long' });
    expect(await rawAsk('{"operation":"ping"}\n')).toEqual({ ok: true, result: { pid: process.pid } });
  });
});

describe('choosing the target', () => {
  it('a server recorded as running whose socket does not answer is an error, not a reason to open its database', async () => {
    const other = path.join(tmp, 'hung');
    const paths = runPaths(other);
    mkdirSync(paths.dir, { recursive: true });
    writeFileSync(paths.serverFile, JSON.stringify({ pid: process.pid, socket: paths.socketPath, started: new Date().toISOString() }));
    const result = await runCaptured(['users', 'list'], { env: { DATA_DIR: other } });
    expect(result.code).toBe(1);
    expect(result.err).toMatch(
      new RegExp(`^wavelength: a server \\(pid ${process.pid}\\) holds the database in .+ but does not answer on .+admin\\.sock \\(ENOENT\\)`),
    );
  });

  it('a server whose DATA_DIR is too deep for a unix socket is named, and its database left alone', async () => {
    const deep = path.join(tmp, 'd'.repeat(100));
    const paths = runPaths(deep);
    mkdirSync(paths.dir, { recursive: true });
    writeFileSync(paths.serverFile, JSON.stringify({ pid: process.pid, socket: paths.socketPath, started: new Date().toISOString() }));
    const result = await runCaptured(['users', 'list'], { env: { DATA_DIR: deep } });
    expect(result).toMatchObject({ code: 1, err: expect.stringContaining("its control socket's path is too long, so stop it to run admin commands") });
  });

  it('an unreachable PostgreSQL and a wrong setting are one line each, exit 1', async () => {
    const pg = await runCaptured(['users', 'list'], { env: { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' } });
    expect(pg).toMatchObject({ code: 1, err: 'wavelength: database not reachable (ECONNREFUSED); check DATABASE_URL and that PostgreSQL is running' });
    expect(await runCaptured(['users', 'list'], { env: { DATABASE_URL: 'mysql://x' } })).toMatchObject({
      code: 1,
      err: 'wavelength: Invalid DATABASE_URL: must be a postgres:// URL',
    });
  });
});

describe('last admin', () => {
  it('two demotions at once leave one admin', async () => {
    await cli(['users', 'promote', 'dana.x@example.com']);
    const results = await Promise.all([cli(['users', 'demote', 'root@example.com']), cli(['users', 'demote', 'dana.x@example.com'])]);
    expect(results.map((r) => r.code).sort()).toEqual([0, 1]);
    const admins = (JSON.parse((await cli(['users', 'list', '--json'])).out) as { role: string }[]).filter((u) => u.role === 'admin');
    expect(admins).toHaveLength(1);
  });
});

// With DATABASE_URL (npm run test:pg): the command line opens PostgreSQL itself and migrates it.
const withPostgres = process.env.DATABASE_URL ? it : it.skip;
withPostgres('opens and migrates the PostgreSQL database of DATABASE_URL itself', async () => {
  const { default: pg } = await import('pg');
  const name = `wl_cli_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  try {
    const env = { DATABASE_URL: url.toString() };
    expect(await runCaptured(['users', 'create', 'pgadmin@example.com', '--admin', '--password-stdin'], { env, stdin: 'pg password\n' })).toMatchObject({
      code: 0,
    });
    expect((await runCaptured(['users', 'list'], { env })).out).toMatch(/^pgadmin@example\.com\s+pgadmin\s+admin/m);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});
