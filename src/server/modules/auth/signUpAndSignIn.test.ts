import { createUser } from '../../test/testApp';
import { bearer, fresh, me, post, signIn, t, useAuthTestApp } from './test/authFixture';

/** Registration, signing in and out, and sign-in answers that reveal no account. */
useAuthTestApp();

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
