import { createTestApp, type TestApp } from '../../test/testApp';

/** Per network address, with TRUST_PROXY=on: the address comes from X-Forwarded-For. */
let p: TestApp;
beforeAll(async () => {
  p = await createTestApp({ env: { TRUST_PROXY: 'on' } });
});
afterAll(async () => p.close());

describe('per-address limits', () => {
  const from = (ip: string, url: string, payload: object) => p.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: { 'x-forwarded-for': ip } });

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

  it('on trusts one hop: a client writing its own leftmost X-Forwarded-For entry stays one address', async () => {
    // what the proxy in front appends (the right end) is the client; what the client wrote before it is not believed
    for (let i = 0; i < 100; i++) expect((await from(`10.${i}.0.1, 203.0.113.50`, '/auth/login', {})).statusCode).toBe(400);
    expect((await from('10.200.0.1, 203.0.113.50', '/auth/login', {})).statusCode).toBe(429);
    expect((await from('203.0.113.50', '/auth/login', {})).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  it('skips only the listed proxies: a spoofed entry left of the client does not move the limit', async () => {
    // the socket (inject's 127.0.0.1) and 10.1.2.3 are our proxies; 198.51.100.77 is the client
    const q = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' } });
    try {
      const from = (xff: string) => q.app.inject({ method: 'POST', url: '/api/auth/login', payload: {}, headers: { 'x-forwarded-for': xff } });
      for (let i = 0; i < 100; i++) expect((await from(`172.16.${i}.9, 198.51.100.77, 10.1.2.3`)).statusCode).toBe(400);
      expect((await from('172.16.250.9, 198.51.100.77, 10.1.2.3')).statusCode).toBe(429);
      expect((await from('198.51.100.78, 10.1.2.3')).statusCode).toBe(400);
    } finally {
      await q.close();
    }
  });
});
