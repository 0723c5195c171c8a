import { createTestApp, createUser, type TestApp, type TestUser } from '../test/testApp';

const SLOW = 60_000;
let t: TestApp;
let listener: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
}, SLOW);
afterAll(async () => t?.close());

describe('deeply nested JSON bodies', () => {
  const depth = 200_000;
  it.each([
    ['arrays', '['.repeat(depth) + ']'.repeat(depth)],
    // 100,000 levels: 8 bytes each stays under the 1 MB body limit
    ['objects', '{"name":'.repeat(depth / 2) + '"x"' + '}'.repeat(depth / 2)],
  ])('answers 400, not a crash or a 500, to %s nested deep', async (_what, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/playlists', headers: { ...listener.headers, 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('finds a NUL at the bottom of 200,000 nested arrays (the walk keeps its own stack)', async () => {
    const payload = '['.repeat(depth) + '"\\u0000"' + ']'.repeat(depth);
    const res = await t.app.inject({ method: 'POST', url: '/api/playlists', headers: { ...listener.headers, 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Text must not contain NUL characters or invalid Unicode' });
  });
});
