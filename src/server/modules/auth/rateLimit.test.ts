import { createTestApp, type TestApp } from '../../test/testApp';

/** Per network address, with TRUST_PROXY=on: the address comes from X-Forwarded-For. */
let p: TestApp;
beforeAll(async () => {
  p = await createTestApp({ env: { TRUST_PROXY: 'on' } });
});
afterAll(async () => p.close());

describe('per-address limits', () => {
  const from = (ip: string, url: string, payload: object) =>
    p.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: { 'x-forwarded-for': ip } });

  it('100 sign-in requests a minute per address, then 429; another address (X-Forwarded-For) is not affected', async () => {
    for (let i = 0; i < 100; i++) {
      // an empty body is refused cheaply with a 400, and still counts towards the address limit
      expect((await from('203.0.113.7', '/auth/login', {})).statusCode).toBe(400);
    }
    const blocked = await from('203.0.113.7', '/auth/login', {});
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ success: false, message: 'Too many attempts from your network. Please wait a few minutes and try again.' });
    expect((await from('198.51.100.9', '/auth/login', {})).statusCode).toBe(400);
  });

  it('register and forgot-password are limited per address too', async () => {
    for (let i = 0; i < 30; i++) expect((await from('203.0.113.8', '/auth/forgot-password', {})).statusCode).toBe(400);
    expect((await from('203.0.113.8', '/auth/forgot-password', {})).statusCode).toBe(429);
    for (let i = 0; i < 200; i++) expect((await from('203.0.113.9', '/auth/register', {})).statusCode).toBe(400);
    expect((await from('203.0.113.9', '/auth/register', {})).statusCode).toBe(429);
  });

});
