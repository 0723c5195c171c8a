import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';

/** GET /api/songs/upload: the limit the upload dialog checks files against before sending them (docs/product.md §5.4). */
let t: TestApp;
let admin: TestUser;
let listener: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { MAX_UPLOAD_MB: '7.5' } });
  admin = await createUser(t, { role: 'admin' });
  listener = await createUser(t);
});
afterAll(async () => t?.close());

describe('GET /api/songs/upload', () => {
  it("gives an admin the server's MAX_UPLOAD_MB in bytes", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/songs/upload', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, maxUploadBytes: Math.round(7.5 * 1024 * 1024) });
  });

  it('answers only the admins who may upload', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/songs/upload' });
    expect(visitor.statusCode).toBe(401);
    const other = await t.app.inject({ method: 'GET', url: '/api/songs/upload', headers: listener.headers });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ success: false, message: 'Only admins can upload tracks' });
  });
});
