import { createTestApp, createUser, type TestApp, type TestUser } from '../testApp';

/** Found by the fuzz suite: a duration filter past what the 32-bit duration_ms column holds reached PostgreSQL and answered 500. */
const SLOW = 60_000;
let t: TestApp;
let listener: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
}, SLOW);
afterAll(async () => t?.close());

describe('song duration filters beyond what the column holds', () => {
  it.each(['/api/songs?minDuration=716576888', '/api/songs?maxDuration=3000000'])('%s answers 400 with a message, not 500', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: listener.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: expect.stringMatching(/\S/) });
  });

  it.each(['/api/songs?minDuration=2000000', '/api/songs?maxDuration=2000000'])('%s, the largest accepted, answers 200', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: listener.headers });
    expect(res.statusCode).toBe(200);
  });
});
