import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/open';
import { users, type UserRow } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { createSession } from '../modules/auth/sessions';
import type { StatFs } from '../lib/freeSpace';
import type { AppDeps } from '../app';
import { createTestDatabase } from './testDb';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** a settable clock; starts at the real time */
  clock: { now: number };
  close(): Promise<void>;
}

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** buildApp on a database of its own; config from `env` on top of test defaults. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    database?: Database;
    ffmpegAvailable?: () => boolean;
    statfs?: StatFs;
    radioStream?: AppDeps['radioStream'];
    scrobble?: AppDeps['scrobble'];
    clock?: { now: number };
  } = {},
): Promise<TestApp> {
  const dataDir = path.join(os.tmpdir(), `wavelength-test-${randomBytes(6).toString('hex')}`);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_LIBRARY: 'off', ...options.env });
  const database = options.database ?? (await createTestDatabase());
  const clock = options.clock ?? { now: Date.now() };
  const app = await buildApp({
    config,
    database,
    jwtSecret: TEST_JWT_SECRET,
    now: () => clock.now,
    clientDir: null,
    ffmpegAvailable: options.ffmpegAvailable,
    statfs: options.statfs,
    radioStream: options.radioStream,
    scrobble: options.scrobble,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

let counter = 0;

export interface TestUser {
  user: UserRow;
  token: string;
  password: string;
  /** { authorization: 'Bearer …' } for app.inject */
  headers: { authorization: string };
}

/** Inserts a user and signs a token for a fresh session, without going through the HTTP sign-in. */
export async function createUser(
  t: Pick<TestApp, 'app' | 'clock'>,
  input: Partial<{ username: string; email: string; password: string; role: 'user' | 'admin' }> = {},
): Promise<TestUser> {
  counter += 1;
  const suffix = `${counter}${randomBytes(3).toString('hex')}`;
  const password = input.password ?? 'correct horse battery';
  const [user] = await t.app.db
    .insert(users)
    .values({
      username: input.username ?? `user${suffix}`,
      email: (input.email ?? `user${suffix}@example.test`).toLowerCase(),
      passwordHash: await hashPassword(password),
      role: input.role ?? 'user',
    })
    .returning();
  const { sessionId, jti } = await createSession(t.app.db, user.id, new Date(t.clock.now));
  const { token } = await t.app.tokens.signAccess({ userId: user.id, role: user.role, sessionId, jti });
  return { user, token, password, headers: { authorization: `Bearer ${token}` } };
}
