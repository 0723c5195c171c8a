import { SignJWT } from 'jose';
import { createUser, TEST_JWT_SECRET } from '../../test/testApp';
import { bearer, me, post, signIn, t, useAuthTestApp } from './test/authFixture';

/** Sessions: logout, refresh and rotation, and the tokens the API refuses. */
useAuthTestApp();

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
