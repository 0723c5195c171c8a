import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SubsonicAPI } from 'subsonic-api';
import { AUTH_MESSAGES } from '../../../../contract/authMessages';
import { SUBSONIC_MESSAGES } from '../../../../contract/subsonicMessages';
import { setAccountPassword } from '../../auth/accountAccess';
import { createResetToken } from '../../auth/resets';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/testApp';

/** docs/product.md §2.13: what a stolen access token can and cannot do to an account's app credentials. */
let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => t?.close());

const makeKey = (user: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/subsonic/keys', headers: user.headers, payload });
const setAppPassword = (user: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/subsonic/password', headers: user.headers, payload });

/** The user's app password and a key, made as Settings does, and Subsonic clients signing in with each. */
async function appCredentials(user: TestUser) {
  const appPassword = `app password of ${user.user.username}`;
  expect((await setAppPassword(user, { password: appPassword, currentPassword: user.password })).statusCode).toBe(200);
  const created = await makeKey(user, { name: 'phone', currentPassword: user.password });
  expect(created.statusCode).toBe(201);
  const byKey = new SubsonicAPI({ url: baseUrl, auth: { apiKey: created.json().apiKey as string } });
  const byPassword = new SubsonicAPI({ url: baseUrl, auth: { username: user.user.username, password: appPassword } });
  expect((await byKey.ping()).status).toBe('ok');
  expect((await byPassword.ping()).status).toBe('ok');
  return { byKey, byPassword };
}

async function mailsTo(email: string): Promise<string[]> {
  const dir = path.join(t.config.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  const mails = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  return mails.filter((raw) => raw.toLowerCase().includes(`to: ${email.toLowerCase()}`));
}

describe('making Subsonic credentials asks for the account password', () => {
  it('refuses a key and an app password made with the bearer alone (400), or with a wrong password (403)', async () => {
    const user = await createUser(t);
    const noKey = await makeKey(user, { name: 'thief' });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toEqual({ success: false, message: SUBSONIC_MESSAGES.currentPasswordRequired });
    const wrongKey = await makeKey(user, { name: 'thief', currentPassword: 'not the password' });
    expect(wrongKey.statusCode).toBe(403);
    expect(wrongKey.json()).toEqual({ success: false, message: SUBSONIC_MESSAGES.currentPasswordWrong });

    const noPassword = await setAppPassword(user, { password: 'thief app password' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toBe(SUBSONIC_MESSAGES.currentPasswordRequired);
    const wrongPassword = await setAppPassword(user, { password: 'thief app password', currentPassword: 'not the password' });
    expect(wrongPassword.statusCode).toBe(403);

    // nothing was made
    expect((await t.app.inject({ method: 'GET', url: '/api/subsonic/keys', headers: user.headers })).json().keys).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/subsonic/password', headers: user.headers })).json()).toMatchObject({ set: false });
    const thief = new SubsonicAPI({ url: baseUrl, auth: { username: user.user.username, password: 'thief app password' } });
    expect(await thief.ping()).toMatchObject({ status: 'failed', error: { code: 40 } });
  });

  it("counts wrong passwords in the account's sign-in budget: the sixth try is 429 even with the right one", async () => {
    const user = await createUser(t);
    for (let i = 0; i < 5; i += 1) expect((await makeKey(user, { name: 'thief', currentPassword: `guess ${i}` })).statusCode).toBe(403);
    const sixth = await makeKey(user, { name: 'thief', currentPassword: user.password });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(AUTH_MESSAGES.tooManyFailedSignIns);
  });

  it('refuses the sign-in password as the app password (docs/product.md §2.13), so it never works in apps', async () => {
    const user = await createUser(t);
    const same = await setAppPassword(user, { password: user.password, currentPassword: user.password });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(SUBSONIC_MESSAGES.appPasswordIsSignInPassword);
    const app = new SubsonicAPI({ url: baseUrl, auth: { username: user.user.username, password: user.password } });
    expect(await app.ping()).toMatchObject({ status: 'failed', error: { code: 40 } });
  });
});

describe('a new password revokes every app credential', () => {
  it('a password reset revokes the app password and every key, and mails the owner', async () => {
    const user = await createUser(t);
    const { byKey, byPassword } = await appCredentials(user);
    await makeKey(user, { name: 'car', currentPassword: user.password });
    const token = await createResetToken(t.app.db, user.user.id, new Date(t.clock.now));
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'a brand new password' } });
    expect(reset.statusCode).toBe(200);

    expect(await byKey.ping()).toMatchObject({ status: 'failed', error: { code: 44 } });
    expect(await byPassword.ping()).toMatchObject({ status: 'failed', error: { code: 40 } });
    const rows = await t.app.db.execute(`select (select count(*) from subsonic_api_keys where user_id = '${user.user.id}')::int as n` as never);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);

    let mail: string | undefined;
    for (let i = 0; i < 100 && !mail; i += 1) {
      mail = (await mailsTo(user.user.email)).find((raw) => raw.includes('Your Wavelength app access was revoked'));
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(mail).toBeDefined();
    expect(mail!.replace(/=\r?\n/g, '')).toContain('your app password and 2 API keys');
  });

  it('setting a password for the user ("users set-password", which signs them out everywhere) revokes them too', async () => {
    const user = await createUser(t);
    const { byKey, byPassword } = await appCredentials(user);
    await setAccountPassword(t.database, user.user.email, 'a new password from the admin', new Date(t.clock.now));
    expect(await byKey.ping()).toMatchObject({ status: 'failed', error: { code: 44 } });
    expect(await byPassword.ping()).toMatchObject({ status: 'failed', error: { code: 40 } });
  });
});
