import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT } from 'jose';
import { findResetLink } from '../../mail/passwordResetMail';
import { createTestApp, createUser, TEST_JWT_SECRET, type TestApp } from '../../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let seq = 0;
const fresh = (prefix = 'fl') => {
  seq += 1;
  const id = `${prefix}${seq}${Math.random().toString(36).slice(2, 7)}`;
  return { username: id, email: `${id}@Example.test`, password: 'a good password' };
};
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signIn(username: string, password: string): Promise<string> {
  const res = await post('/auth/login', { username, password });
  expect(res.statusCode).toBe(200);
  return res.json().token.token;
}

/** Reset mails of this app's outbox addressed to `email`, newest last. */
async function outboxLinks(email: string): Promise<string[]> {
  const dir = path.join(t.config.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  const links: string[] = [];
  for (const f of files) {
    const raw = await readFile(path.join(dir, f), 'utf8');
    if (raw.toLowerCase().includes(`to: ${email.toLowerCase()}`)) links.push(findResetLink(raw)!);
  }
  return links;
}

async function requestReset(email: string): Promise<string> {
  const before = (await outboxLinks(email)).length;
  const res = await post('/auth/forgot-password', { email });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ success: true });
  for (let i = 0; i < 100; i++) {
    const links = await outboxLinks(email);
    if (links.length > before) return new URL(links[links.length - 1]).searchParams.get('token')!;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no reset mail in the outbox');
}

describe('registration', () => {
  it('creates a user (email stored lower-case) and answers {success, user}', async () => {
    const input = fresh();
    const res = await post('/auth/register', input);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      user: { id: expect.any(String), username: input.username, email: input.email.toLowerCase(), role: 'user', createdAt: expect.any(String) },
    });
    expect(JSON.stringify(body)).not.toMatch(/password/i);
  });

  it('answers 409 naming the email or the username that is taken, ignoring case', async () => {
    const input = fresh();
    await post('/auth/register', input);
    const sameEmail = await post('/auth/register', { ...fresh(), email: input.email.toUpperCase() });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ success: false, message: 'An account with this email already exists' });
    const sameName = await post('/auth/register', { ...fresh(), username: input.username.toUpperCase() });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ success: false, message: 'This username is already taken' });
  });

  it('two simultaneous sign-ups with one email: one account, one 409', async () => {
    const input = fresh();
    const [a, b] = await Promise.all([post('/auth/register', input), post('/auth/register', { ...fresh(), email: input.email })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });

  it.each([
    [{ username: 'ab' }, 'Username must be 3-30 characters: letters, digits, "_", "." or "-"'],
    [{ username: 'x'.repeat(31) }, 'Username must be 3-30 characters: letters, digits, "_", "." or "-"'],
    [{ username: 'has space' }, 'Username must be 3-30 characters: letters, digits, "_", "." or "-"'],
    [{ email: 'not-an-email' }, 'Enter a valid email address'],
    [{ password: 'short' }, 'Password must be at least 8 characters'],
    [{ password: undefined }, 'Password is required'],
  ])('refuses %j with 400 %s', async (override, message) => {
    const res = await post('/auth/register', { ...fresh(), ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
  });

  it('accepts usernames of 3 and 30 characters with _ . -', async () => {
    const id = Math.random().toString(36).slice(2, 6);
    for (const username of [`a.${id}`.slice(0, 3), `${id}_x-y.${'z'.repeat(30)}`.slice(0, 30)]) {
      const res = await post('/auth/register', { username, email: `${username}@ok.test`, password: 'a good password' });
      expect(res.statusCode).toBe(201);
    }
  });
});

describe('the whole flow', () => {
  it('register, sign in by email and by username, me, refresh, logout', async () => {
    const input = fresh();
    expect((await post('/auth/register', input)).statusCode).toBe(201);

    const login = await post('/auth/login', { username: input.email, password: input.password });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body).toEqual({ success: true, token: { token: expect.any(String), user: expect.objectContaining({ username: input.username, role: 'user' }) } });
    const token: string = body.token.token;
    expect(await signIn(input.username.toUpperCase(), input.password)).toEqual(expect.any(String));

    const who = await me(token);
    expect(who.json()).toEqual({ success: true, user: body.token.user });

    const refreshed = await post('/auth/refresh', { token });
    expect(refreshed.statusCode).toBe(200);
    const next: string = refreshed.json().token.token;
    expect(refreshed.json()).toEqual({ success: true, token: { token: next } });
    expect(next).not.toBe(token);
    expect((await me(next)).statusCode).toBe(200);

    expect((await post('/auth/logout', {}, bearer(next))).json()).toEqual({ success: true });
    expect((await me(next)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('the admin made at start signs in with the admin role', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const res = await post('/auth/login', { username: admin.user.email, password: admin.password });
    expect(res.json().token.user.role).toBe('admin');
  });
});

describe('sign-in does not reveal accounts', () => {
  it('a wrong password and an unknown email get the same 401 answer', async () => {
    const u = await createUser(t);
    const wrong = await post('/auth/login', { username: u.user.email, password: 'not the password' });
    const unknown = await post('/auth/login', { username: `nobody${Date.now()}@example.test`, password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, message: 'Invalid email or password' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(wrong.headers).sort());
  });

  it('forgot-password answers {success: true} for known and unknown emails alike', async () => {
    const u = await createUser(t);
    const known = await post('/auth/forgot-password', { email: u.user.email });
    const unknown = await post('/auth/forgot-password', { email: `nobody${Date.now()}@example.test` });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: true });
    expect(unknown.json()).toEqual({ success: true });
  });
});

describe('sessions', () => {
  it('a logged-out token is refused by the API, by refresh and by the socket check', async () => {
    const u = await createUser(t);
    expect((await me(u.token)).statusCode).toBe(200);
    expect(await t.app.authenticateToken(u.token)).not.toBeNull();
    await post('/auth/logout', {}, u.headers);
    const api = await me(u.token);
    expect(api.statusCode).toBe(401);
    expect(api.json()).toEqual({ success: false, message: 'Authentication required' });
    const refresh = await post('/auth/refresh', { token: u.token });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json()).toEqual({ success: false, message: 'Failed to refresh token' });
    expect(await t.app.authenticateToken(u.token)).toBeNull();
  });

  it('logout without or with a bad token still answers success', async () => {
    expect((await post('/auth/logout', {})).json()).toEqual({ success: true });
    expect((await post('/auth/logout', {}, bearer('nonsense'))).json()).toEqual({ success: true });
  });

  it("logout ends only that session: the user's other devices stay signed in", async () => {
    const u = await createUser(t);
    const other = await signIn(u.user.email, u.password);
    await post('/auth/logout', {}, u.headers);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('refresh without a token says so', async () => {
    const res = await post('/auth/refresh', {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'No refresh token available' });
  });

  it('refresh takes the token from the bearer header when the body has none', async () => {
    const u = await createUser(t);
    const res = await post('/auth/refresh', {}, u.headers);
    expect(res.statusCode).toBe(200);
  });

  it('rotation: an old token refreshes only within the grace window, then never again', async () => {
    const u = await createUser(t);
    const first = await post('/auth/refresh', { token: u.token });
    // a second tab with the same old token, at the same moment: gets the current token id, no new rotation
    const second = await post('/auth/refresh', { token: u.token });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const a = first.json().token.token;
    const b = second.json().token.token;
    const jti = (tok: string) => JSON.parse(Buffer.from(tok.split('.')[1], 'base64url').toString()).jti;
    expect(jti(b)).toBe(jti(a));
    t.clock.now += 11_000;
    const late = await post('/auth/refresh', { token: u.token });
    expect(late.statusCode).toBe(401);
    // the current token still refreshes
    expect((await post('/auth/refresh', { token: a })).statusCode).toBe(200);
  });

  it('two simultaneous refreshes of one token both succeed and leave a usable token', async () => {
    const u = await createUser(t);
    const [a, b] = await Promise.all([post('/auth/refresh', { token: u.token }), post('/auth/refresh', { token: u.token })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    for (const res of [a, b]) expect((await me(res.json().token.token)).statusCode).toBe(200);
  });

  it('an expired token is refused by the API but refreshes while its session is alive', async () => {
    const u = await createUser(t);
    t.clock.now += 16 * 60_000;
    expect((await me(u.token)).statusCode).toBe(401);
    const res = await post('/auth/refresh', { token: u.token });
    expect(res.statusCode).toBe(200);
    expect((await me(res.json().token.token)).statusCode).toBe(200);
  });

  it('a refreshed token carries the current role', async () => {
    const u = await createUser(t);
    await t.app.db.execute(`update users set role = 'admin' where id = '${u.user.id}'` as never);
    const res = await post('/auth/refresh', { token: u.token });
    const payload = JSON.parse(Buffer.from(res.json().token.token.split('.')[1], 'base64url').toString());
    expect(payload.role).toBe('admin');
  });
});

describe('tokens that must be refused', () => {
  const key = new TextEncoder().encode(TEST_JWT_SECRET);
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

  it('a tampered token (payload changed, signature kept)', async () => {
    const u = await createUser(t);
    const [h, p, s] = u.token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = `${h}.${b64({ ...payload, role: 'admin' })}.${s}`;
    expect((await me(tampered)).statusCode).toBe(401);
    expect((await post('/auth/refresh', { token: tampered })).statusCode).toBe(401);
  });

  it('an expired token', async () => {
    const u = await createUser(t);
    const [, p] = u.token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const expired = await new SignJWT({ role: claims.role, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setJti(claims.jti)
      .setIssuer('wavelength')
      .setAudience('access')
      .setIssuedAt(Math.floor(t.clock.now / 1000) - 3600)
      .setExpirationTime(Math.floor(t.clock.now / 1000) - 60)
      .sign(key);
    expect((await me(expired)).statusCode).toBe(401);
    expect(await t.app.authenticateToken(expired)).toBeNull();
  });

  it("an alg 'none' token", async () => {
    const u = await createUser(t);
    const [, p] = u.token.split('.');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`;
    expect((await me(none)).statusCode).toBe(401);
    expect((await post('/auth/refresh', { token: none })).statusCode).toBe(401);
  });

  it('a token signed with another secret, or another algorithm', async () => {
    const u = await createUser(t);
    const [, p] = u.token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const other = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('another-secret-another-secret-0123456789'));
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(key);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(hs512)).statusCode).toBe(401);
  });

  it('a stream cookie is not an access token', async () => {
    const u = await createUser(t);
    const st = await t.app.tokens.signStreamSession({ userId: u.user.id, sessionId: '00000000-0000-0000-0000-000000000000' });
    expect((await me(st)).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('sends a link that sets the password once and ends every session', async () => {
    const u = await createUser(t);
    const otherDevice = await signIn(u.user.email, u.password);
    const token = await requestReset(u.user.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const reset = await post('/auth/reset-password', { token, password: 'brand new password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true });

    expect((await me(u.token)).statusCode).toBe(401);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await post('/auth/refresh', { token: otherDevice })).statusCode).toBe(401);
    expect((await post('/auth/login', { username: u.user.email, password: u.password })).statusCode).toBe(401);
    expect(await signIn(u.user.email, 'brand new password')).toEqual(expect.any(String));

    const again = await post('/auth/reset-password', { token, password: 'another new password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, message: 'This reset link is invalid or has expired. Please request a new one.' });
  });

  it('the reset token is stored hashed', async () => {
    const u = await createUser(t);
    const token = await requestReset(u.user.email);
    const rows = await t.app.db.execute(`select token_hash from password_resets where user_id = '${u.user.id}'` as never);
    const hashes = (rows as unknown as { rows: { token_hash: string }[] }).rows.map((r) => r.token_hash);
    expect(hashes).toHaveLength(1);
    expect(hashes[0]).not.toContain(token);
    expect(hashes[0]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a link older than one hour no longer works', async () => {
    const u = await createUser(t);
    const token = await requestReset(u.user.email);
    t.clock.now += 60 * 60_000 + 1000;
    const res = await post('/auth/reset-password', { token, password: 'brand new password' });
    expect(res.statusCode).toBe(400);
    expect((await post('/auth/login', { username: u.user.email, password: u.password })).statusCode).toBe(200);
  });

  it('using one link retires the older links of that user', async () => {
    const u = await createUser(t);
    const older = await requestReset(u.user.email);
    const newer = await requestReset(u.user.email);
    expect((await post('/auth/reset-password', { token: newer, password: 'brand new password' })).statusCode).toBe(200);
    expect((await post('/auth/reset-password', { token: older, password: 'other new password' })).statusCode).toBe(400);
  });

  it('an unknown token and a short password are refused', async () => {
    expect((await post('/auth/reset-password', { token: 'x'.repeat(43), password: 'brand new password' })).statusCode).toBe(400);
    const short = await post('/auth/reset-password', { token: 'x'.repeat(43), password: 'short' });
    expect(short.json()).toEqual({ success: false, message: 'Password must be at least 8 characters' });
  });

  it('no mail goes out for an unknown email', async () => {
    const email = `ghost${Date.now()}@example.test`;
    await post('/auth/forgot-password', { email });
    await new Promise((r) => setTimeout(r, 300));
    expect(await outboxLinks(email)).toEqual([]);
  });

  it('without PUBLIC_URL the link points to the address the server listens on, never to a forged Host (PUBLIC_URL: smtp.test.ts)', async () => {
    const u = await createUser(t);
    await post('/auth/forgot-password', { email: u.user.email }, { host: 'attacker.example:8080' });
    for (let i = 0; i < 100 && !(await outboxLinks(u.user.email)).length; i++) await new Promise((r) => setTimeout(r, 50));
    const [link] = await outboxLinks(u.user.email);
    expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${t.config.port}/auth/reset-password\\?token=`));
    expect(link).not.toContain('attacker.example');
  });
});

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
