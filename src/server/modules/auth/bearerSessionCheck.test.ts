import { sql } from 'drizzle-orm';
import { SESSION_CHECK_TTL_MS } from './sessionCheckCache';
import { createTestApp, createUser, type TestApp } from '../../test/testApp';

/**
 * With the embedded database a bearer token's session check is remembered briefly (modules/auth/bearerCheck.ts):
 * a session ended where this process does not see it (by hand in the database) is refused within
 * SESSION_CHECK_TTL_MS; one ended here (logout, password reset) is refused at once. With
 * PostgreSQL, where other instances end sessions too, nothing is remembered.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const embedded = !process.env.DATABASE_URL;

async function signedIn() {
  const u = await createUser(t);
  const me = () => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: u.headers });
  return { u, me };
}

(embedded ? it : it.skip)('embedded: a session ended behind its back is refused once the remembered check is older than the TTL', async () => {
  const { u, me } = await signedIn();
  expect((await me()).statusCode).toBe(200);
  await t.app.db.execute(sql`update sessions set ended_at = now() where user_id = ${u.user.id}`);
  t.clock.now += SESSION_CHECK_TTL_MS - 1;
  expect((await me()).statusCode).toBe(200);
  t.clock.now += 1;
  const refused = await me();
  expect(refused.statusCode).toBe(401);
  expect(refused.json()).toEqual({ success: false, message: 'Authentication required' });
});

(embedded ? it : it.skip)('embedded: a remembered token is refused at once after a logout in this process', async () => {
  const { u, me } = await signedIn();
  expect((await me()).statusCode).toBe(200);
  expect((await me()).statusCode).toBe(200);
  await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: u.headers, payload: {} });
  expect((await me()).statusCode).toBe(401);
});

(embedded ? it.skip : it)('PostgreSQL: a session ended behind its back is refused at once (nothing remembered)', async () => {
  const { u, me } = await signedIn();
  expect((await me()).statusCode).toBe(200);
  await t.app.db.execute(sql`update sessions set ended_at = now() where user_id = ${u.user.id}`);
  expect((await me()).statusCode).toBe(401);
});
