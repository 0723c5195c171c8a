import { createUser } from '../../test/testApp';
import { me, outboxLinks, post, requestReset, signIn, t, useAuthTestApp } from './test/authFixture';

/** Password reset by mailed link (docs/product.md §4.1). */
useAuthTestApp();

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
