import { createUser } from '../../test/testApp';
import { t, useAuthTestApp } from './test/authFixture';

/** Limits on sign-in and reset attempts: per account, per email, and per socket address without TRUST_PROXY. */
useAuthTestApp();

describe('rate limits', () => {
  // each test signs in from an address of its own, so the address limit (100 a minute) stays out of the way
  let address = 0;
  let ip = '';
  beforeEach(() => {
    address += 1;
    ip = `192.0.2.${address}`;
  });
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress: ip });

  it('per account: the 6th failed sign-in within 15 minutes is a 429, even with the right password', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 5; i++) {
      expect((await post('/auth/login', { username: u.user.email, password: `wrong ${i}` })).statusCode).toBe(401);
    }
    const blocked = await post('/auth/login', { username: u.user.email, password: u.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      success: false,
      message: 'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.',
    });
    // by username too: the limit belongs to the account, not to the spelling
    expect((await post('/auth/login', { username: u.user.username, password: u.password })).statusCode).toBe(429);
    // other accounts from the same address are not affected
    const v = await createUser(t);
    expect((await post('/auth/login', { username: v.user.email, password: v.password })).statusCode).toBe(200);

    t.clock.now += 15 * 60_000 + 1000;
    expect((await post('/auth/login', { username: u.user.email, password: u.password })).statusCode).toBe(200);
  });

  it('per account: only failures count, and a success clears them', async () => {
    const u = await createUser(t);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) await post('/auth/login', { username: u.user.email, password: 'wrong' });
      expect((await post('/auth/login', { username: u.user.email, password: u.password })).statusCode).toBe(200);
    }
    for (let i = 0; i < 10; i++) expect((await post('/auth/login', { username: u.user.email, password: u.password })).statusCode).toBe(200);
  });

  it('per account: an unknown email is limited exactly like a known one', async () => {
    const email = `nobody${Date.now()}@example.test`;
    for (let i = 0; i < 5; i++) expect((await post('/auth/login', { username: email, password: 'wrong' })).statusCode).toBe(401);
    expect((await post('/auth/login', { username: email, password: 'wrong' })).statusCode).toBe(429);
  });

  it('per account: parallel guesses cannot get past the limit', async () => {
    const u = await createUser(t);
    const results = await Promise.all(Array.from({ length: 20 }, () => post('/auth/login', { username: u.user.email, password: 'wrong' })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c !== 401 && c !== 429)).toEqual([]);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(15);
  });

  it('per email: the 6th reset request within an hour is a 429, known or not', async () => {
    const u = await createUser(t);
    for (const email of [u.user.email, `ghost${Date.now()}@example.test`]) {
      for (let i = 0; i < 5; i++) expect((await post('/auth/forgot-password', { email })).statusCode).toBe(200);
      const res = await post('/auth/forgot-password', { email });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ success: false, message: 'Too many reset requests for this email. Please wait an hour and try again.' });
    }
  });
});

describe('per-address limit without TRUST_PROXY', () => {
  it('ignores X-Forwarded-For: the socket address is counted', async () => {
    const inject = (xff: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {}, remoteAddress: '192.0.2.250', headers: { 'x-forwarded-for': xff } });
    for (let i = 0; i < 100; i++) expect((await inject(`10.0.0.${i}`)).statusCode).toBe(400);
    expect((await inject('10.9.9.9')).statusCode).toBe(429);
  });
});
