import { sql } from 'drizzle-orm';
import type { Database } from '../db/open';
import { addressLimits } from '../db/schema';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestDatabase } from '../test/testDb';
import { deleteEndedAddressLimits, hitAddressLimit } from './addressLimitStore';

const SLOW = 120_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The counting itself, on whichever database the suite runs (PGlite or PostgreSQL). */
describe('hitAddressLimit', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, SLOW);
  afterAll(async () => database?.close());

  it('counts the requests of a key within its window, then starts again at 1', async () => {
    const first = await hitAddressLimit(database.db, 'POST /x|192.0.2.1', 300);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(0);
    expect(first.ttl).toBeLessThanOrEqual(300);
    expect((await hitAddressLimit(database.db, 'POST /x|192.0.2.1', 300)).current).toBe(2);
    expect((await hitAddressLimit(database.db, 'POST /x|192.0.2.2', 300)).current).toBe(1);
    await sleep(350);
    expect((await hitAddressLimit(database.db, 'POST /x|192.0.2.1', 300)).current).toBe(1);
  });

  it('is atomic: 40 parallel requests get 40 different counts', async () => {
    const hits = await Promise.all(Array.from({ length: 40 }, () => hitAddressLimit(database.db, 'POST /y|192.0.2.3', 60_000)));
    expect(hits.map((h) => h.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('the cleanup deletes ended windows only', async () => {
    await hitAddressLimit(database.db, 'POST /z|ended', 1);
    await hitAddressLimit(database.db, 'POST /z|alive', 60_000);
    await sleep(20);
    await deleteEndedAddressLimits(database.db);
    const keys = (await database.db.select({ key: addressLimits.key }).from(addressLimits)).map((r) => r.key);
    expect(keys).toContain('POST /z|alive');
    expect(keys).not.toContain('POST /z|ended');
  });
});

const describeWithPostgres = process.env.DATABASE_URL ? describe : describe.skip;

/** Two instances on one PostgreSQL (skipped without DATABASE_URL: run npm run test:pg). */
describeWithPostgres('per-address limits shared by two instances on PostgreSQL', () => {
  let database: Database;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    a = await createTestApp({ database });
    b = await createTestApp({ database });
  }, SLOW);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  const signIn = (t: TestApp, ip: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {}, remoteAddress: ip });

  it('100 sign-ins a minute per address in all: 50 on each instance, then both answer 429', async () => {
    for (let i = 0; i < 50; i++) {
      expect((await signIn(a, '203.0.113.60')).statusCode).toBe(400);
      expect((await signIn(b, '203.0.113.60')).statusCode).toBe(400);
    }
    expect((await signIn(a, '203.0.113.60')).statusCode).toBe(429);
    expect((await signIn(b, '203.0.113.60')).statusCode).toBe(429);
    // another address, and the same address on another route, have limits of their own
    expect((await signIn(b, '203.0.113.61')).statusCode).toBe(400);
    const forgot = await a.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: {}, remoteAddress: '203.0.113.60' });
    expect(forgot.statusCode).toBe(400);
  });

  it('a failing store fails open: sign-in still answers (no 500) while the table is unreachable', async () => {
    await database.db.execute(sql`alter table address_limits rename to address_limits_away`);
    try {
      const res = await signIn(a, '203.0.113.62');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).not.toMatch(/address_limits/);
    } finally {
      await database.db.execute(sql`alter table address_limits_away rename to address_limits`);
    }
    expect((await signIn(a, '203.0.113.62')).statusCode).toBe(400);
  });
});
