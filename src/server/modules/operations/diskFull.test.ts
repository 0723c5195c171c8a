import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../../contract/messages';
import { buildApp } from '../../app';
import { loadConfig, type Config } from '../../config';
import type { Database } from '../../db/open';
import { playlists, songs } from '../../db/schema';
import { FIXTURES } from '../songs/test/songsApp';
import { multipartBody } from '../songs/test/multipartBody';
import { createTestDatabase } from '../../test/testDb';
import { createUser, TEST_JWT_SECRET } from '../../test/testApp';
import { diskFullError } from '../../test/fullDisk';

/** A full disk answers 507 "The server's disk is full" on every route, writes nothing half, and /api/health says so (issue 27, item 10). */

const SLOW = 60_000;
const DISK_FULL = "The server's disk is full";

/** The database's disk_full (SQLSTATE 53100) as drizzle hands it on: the driver's error as `cause`. */
const pgDiskFull = () =>
  Object.assign(new Error('Failed query: insert into ...'), {
    cause: Object.assign(new Error('could not extend file "base/5/16384": wrote only 4096 of 8192 bytes'), { code: '53100', severity: 'ERROR' }),
  });

let database: Database;
let app: FastifyInstance;
let config: Config;
const clock = { now: Date.now() };
/** while set, the database's writes (insert, transaction) fail with it */
let failWrites: (() => Error) | null = null;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = new Proxy(database.db, {
    get: (target, prop, receiver) =>
      failWrites && (prop === 'insert' || prop === 'transaction')
        ? () => {
            throw failWrites!();
          }
        : Reflect.get(target, prop, receiver),
  });
  const dataDir = path.join(os.tmpdir(), `wavelength-test-${randomBytes(6).toString('hex')}`);
  config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_LIBRARY: 'off' });
  app = await buildApp({
    config,
    database: { ...database, db },
    jwtSecret: TEST_JWT_SECRET,
    now: () => clock.now,
    clientDir: null,
    ffmpegAvailable: () => false,
  });
  // routes of this test only, whose dependency fails as a full disk does
  await app.register(async (test) => {
    test.post('/test/disk/:code', async (request) => {
      const { code } = request.params as { code: string };
      throw code === '53100' ? pgDiskFull() : diskFullError(code);
    });
    test.post('/test/other', async () => {
      throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    });
  });
  await app.ready();
}, SLOW);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

afterEach(() => {
  failWrites = null;
});

const health = async () => (await app.inject({ method: 'GET', url: '/api/health' })).json();

describe('a full disk', () => {
  it.each(['ENOSPC', 'EDQUOT', '53100'])('answers 507 with its message for %s, on any route', async (code) => {
    const res = await app.inject({ method: 'POST', url: `/test/disk/${code}` });
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ success: false, message: DISK_FULL });
    expect(MESSAGES.diskFull).toBe(DISK_FULL);
  });

  it('leaves other failures a 500 with a request id', async () => {
    const res = await app.inject({ method: 'POST', url: '/test/other' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ success: false, message: MESSAGES.internalError });
  });

  it(
    '/api/health says disk "full" for a minute after a disk-full error, then no more',
    async () => {
      clock.now += 120_000;
      expect(await health()).toEqual({ success: true, database: 'ok' });
      expect((await app.inject({ method: 'POST', url: '/test/disk/ENOSPC' })).statusCode).toBe(507);
      expect(await health()).toEqual({ success: true, database: 'ok', disk: 'full' });
      clock.now += 61_000;
      expect(await health()).toEqual({ success: true, database: 'ok' });
    },
    SLOW,
  );

  it(
    'creating a playlist when the database cannot extend its file answers 507 and creates nothing',
    async () => {
      const user = await createUser({ app, clock });
      failWrites = pgDiskFull;
      const res = await app.inject({ method: 'POST', url: '/api/playlists', headers: user.headers, payload: { name: 'Road trip' } });
      failWrites = null;
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual({ success: false, message: DISK_FULL });
      expect(await app.db.select().from(playlists).where(eq(playlists.userId, user.user.id))).toEqual([]);
      expect(await health()).toMatchObject({ disk: 'full' });
    },
    SLOW,
  );

  it(
    'an upload whose song row cannot be written answers 507 and leaves no file in MEDIA_DIR',
    async () => {
      const admin = await createUser({ app, clock }, { role: 'admin' });
      const { payload, headers } = multipartBody([
        { name: 'title', value: 'Full Disk Song' },
        { name: 'song', filename: 'tone.mp3', type: 'audio/mpeg', data: await readFile(path.join(FIXTURES, 'tone.mp3')) },
      ]);
      failWrites = pgDiskFull;
      const res = await app.inject({ method: 'POST', url: '/api/songs/upload', payload, headers: { ...headers, ...admin.headers } });
      failWrites = null;
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual({ success: false, message: DISK_FULL });
      expect(await app.db.select().from(songs).where(eq(songs.title, 'Full Disk Song'))).toEqual([]);
      const left = await readdir(config.mediaDir, { recursive: true }).catch(() => [] as string[]);
      expect(left.filter((f) => f !== 'tmp')).toEqual([]);
    },
    SLOW,
  );

  it(
    'a Subsonic call answers error 0 with the message, and the playlist is not created',
    async () => {
      const user = await createUser({ app, clock });
      const made = await app.inject({
        method: 'POST',
        url: '/api/subsonic/keys',
        headers: user.headers,
        payload: { name: 'phone', currentPassword: user.password },
      });
      expect(made.statusCode).toBe(201);
      const query = new URLSearchParams({ apiKey: made.json().apiKey, v: '1.16.1', c: 'test', f: 'json', name: 'From the phone' });
      failWrites = pgDiskFull;
      const res = await app.inject({ method: 'GET', url: `/rest/createPlaylist?${query.toString()}` });
      failWrites = null;
      expect(res.json()['subsonic-response']).toMatchObject({ status: 'failed', error: { code: 0, message: DISK_FULL } });
      expect(await app.db.select().from(playlists).where(eq(playlists.userId, user.user.id))).toEqual([]);
    },
    SLOW,
  );
});
