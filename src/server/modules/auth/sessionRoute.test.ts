import { createTestApp, createUser, type TestApp } from '../../test/testApp';

/** GET /api/auth/session: the token check alone (docs/api/auth.md). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const session = (headers?: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/session', headers });

it("answers the token's user and role, and nothing more", async () => {
  const u = await createUser(t, { role: 'admin' });
  const res = await session(u.headers);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ success: true, userId: u.user.id, role: 'admin' });
});

it('refuses a visitor and a forged token', async () => {
  expect((await session()).statusCode).toBe(401);
  expect((await session({ authorization: 'Bearer not.a.token' })).statusCode).toBe(401);
});

it('refuses the token once its session is signed out', async () => {
  const u = await createUser(t);
  expect((await session(u.headers)).statusCode).toBe(200);
  await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: u.headers, payload: {} });
  const refused = await session(u.headers);
  expect(refused.statusCode).toBe(401);
  expect(refused.json()).toEqual({ success: false, message: 'Authentication required' });
});
