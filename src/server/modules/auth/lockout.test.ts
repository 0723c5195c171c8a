import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';

/**
 * Item 5 of the hardening issue: guessing is bounded per account, and yet nobody can lock the
 * owner out. A browser that signed in to the account carries a device cookie that exempts it
 * from the account's lock (OWASP's device cookies).
 */
const SLOW = 120_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, SLOW);
afterAll(async () => t?.close());

const login = (payload: { username: string; password: string }, options: { ip: string; cookie?: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload,
    remoteAddress: options.ip,
    headers: options.cookie ? { cookie: options.cookie } : {},
  });

/** The device cookie a sign-in answer sets, as a Cookie header value. */
function deviceCookieOf(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header.map(String) : [String(header)];
  const device = all.find((c) => c.startsWith('wl_device='));
  if (!device) throw new Error(`no device cookie in ${all.join(' | ')}`);
  return device.split(';')[0];
}

async function signedInBrowser(u: TestUser, ip = '192.0.2.10'): Promise<string> {
  const res = await login({ username: u.user.email, password: u.password }, { ip });
  expect(res.statusCode).toBe(200);
  return deviceCookieOf(res);
}

describe('device cookie', () => {
  it('a sign-in sets it: HttpOnly, SameSite=Strict, only for /api/auth, for 180 days', async () => {
    const u = await createUser(t);
    const res = await login({ username: u.user.email, password: u.password }, { ip: '192.0.2.11' });
    const header = [res.headers['set-cookie']]
      .flat()
      .map(String)
      .find((c) => c.startsWith('wl_device='));
    expect(header).toMatch(/^wl_device=[\w.-]+; Path=\/api\/auth; Max-Age=15552000; HttpOnly; SameSite=Strict$/);
    // a failed sign-in sets none
    const failed = await login({ username: u.user.email, password: 'wrong password' }, { ip: '192.0.2.11' });
    expect(failed.statusCode).toBe(401);
    expect(failed.headers['set-cookie']).toBeUndefined();
  });

  it(
    'is Secure when PUBLIC_URL is https',
    async () => {
      const s = await createTestApp({ env: { PUBLIC_URL: 'https://music.example.test' } });
      try {
        const u = await createUser(s);
        const res = await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: u.user.email, password: u.password } });
        expect(
          [res.headers['set-cookie']]
            .flat()
            .map(String)
            .find((c) => c.startsWith('wl_device=')),
        ).toMatch(/; Secure$/);
      } finally {
        await s.close();
      }
    },
    SLOW,
  );
});

describe('lockout that locks nobody out', () => {
  it(
    '1,000 wrong guesses from rotating addresses over an hour: exactly 20 are evaluated, then the owner signs in from their browser',
    async () => {
      const owner = await createUser(t, { role: 'admin' });
      const ownerBrowser = await signedInBrowser(owner);
      const codes = new Map<number, number>();
      const start = t.clock.now;
      for (let i = 0; i < 1000; i++) {
        t.clock.now = start + i * 3600; // 1,000 guesses spread over one hour
        const ip = `198.18.${Math.floor(i / 250)}.${i % 250}`;
        const res = await login({ username: owner.user.email, password: `guess ${i}` }, { ip });
        codes.set(res.statusCode, (codes.get(res.statusCode) ?? 0) + 1);
      }
      // 5 per 15 minutes, so at most 20 in an hour, and the rest refused before any password check
      expect(Object.fromEntries(codes)).toEqual({ 401: 20, 429: 980 });
      t.clock.now += 500; // still within 15 minutes of the last batch of guesses: the account is locked

      // the owner's browser, with the right password, signs in although the account is locked
      const owned = await login({ username: owner.user.email, password: owner.password }, { ip: '192.0.2.10', cookie: ownerBrowser });
      expect(owned.statusCode).toBe(200);
      expect(owned.json().token.user.id).toBe(owner.user.id);
      // a browser without the cookie is still locked, right password or not
      const elsewhere = await login({ username: owner.user.email, password: owner.password }, { ip: '192.0.2.99' });
      expect(elsewhere.statusCode).toBe(429);
      expect(elsewhere.json().message).toBe('Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.');
      // and the owner's sign-in did not hand the attacker new guesses
      expect((await login({ username: owner.user.email, password: 'one more' }, { ip: '198.18.9.9' })).statusCode).toBe(429);
    },
    SLOW,
  );

  it('a cookie for another account, a forged one or none: all count against the account', async () => {
    const victim = await createUser(t);
    const attacker = await createUser(t);
    const attackerBrowser = await signedInBrowser(attacker, '192.0.2.20');
    const forged = `wl_device=${attackerBrowser.slice('wl_device='.length, -4)}AAAA`;
    const cookies = [attackerBrowser, forged, undefined, 'wl_device=not-a-token', attackerBrowser, forged];
    for (const [i, cookie] of cookies.entries()) {
      const res = await login({ username: victim.user.email, password: `guess ${i}` }, { ip: `192.0.2.${30 + i}`, cookie });
      expect(res.statusCode).toBe(i < 5 ? 401 : 429);
    }
  });

  it("the owner's browser has its own 5 tries per 15 minutes; after them it is an untrusted browser like any other", async () => {
    const owner = await createUser(t);
    const browser = await signedInBrowser(owner, '192.0.2.40');
    // the account is locked by someone else
    for (let i = 0; i < 6; i++) await login({ username: owner.user.email, password: `attacker ${i}` }, { ip: `192.0.2.${41 + i}` });
    for (let i = 0; i < 5; i++) {
      expect((await login({ username: owner.user.email, password: `typo ${i}` }, { ip: '192.0.2.40', cookie: browser })).statusCode).toBe(401);
    }
    // the device's budget is spent and the account is locked: the right password waits too
    expect((await login({ username: owner.user.email, password: owner.password }, { ip: '192.0.2.40', cookie: browser })).statusCode).toBe(429);
    t.clock.now += 15 * 60_000 + 1000;
    expect((await login({ username: owner.user.email, password: owner.password }, { ip: '192.0.2.40', cookie: browser })).statusCode).toBe(200);
  });

  it("a device's failures do not count against the account: other browsers still have the account's 5 tries", async () => {
    const owner = await createUser(t);
    const browser = await signedInBrowser(owner, '192.0.2.50');
    for (let i = 0; i < 5; i++) await login({ username: owner.user.email, password: `typo ${i}` }, { ip: '192.0.2.50', cookie: browser });
    expect((await login({ username: owner.user.email, password: owner.password }, { ip: '192.0.2.51' })).statusCode).toBe(200);
  });
});
