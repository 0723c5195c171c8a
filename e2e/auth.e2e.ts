import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, createListener, launchBrowser, newContext, signIn } from './support/browser';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

const DATA_DIR = process.env.E2E_DATA_DIR ?? '';
const pathname = (page: Page) => new URL(page.url()).pathname;

/** The newest reset link the server wrote to DATA_DIR/outbox for `email` (no SMTP_URL in e2e). */
async function resetLinkFor(email: string): Promise<string> {
  const dir = path.join(DATA_DIR, 'outbox');
  for (let i = 0; i < 100; i++) {
    const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const raw = (await readFile(path.join(dir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
      if (!raw.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
      const link = raw.match(/https?:\/\/\S+\/auth\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no reset mail for ${email} in ${dir}`);
}

test('sign up through the form and land on home, with the username in the sidebar', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  const id = `signup${Date.now().toString(36)}`;
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await page.getByLabel('Username').fill(id);
  await page.getByLabel('Email').fill(`${id}@e2e.test`);
  await page.getByLabel('Password', { exact: true }).fill('signup-password');
  await page.getByLabel('Confirm password').fill('signup-passwort');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('Passwords do not match').waitFor();
  await page.getByLabel('Confirm password').fill('signup-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.waitFor();
  assert.equal(pathname(page), '/');
  assert.equal(await nav.getByRole('link', { name: id }).getAttribute('href'), '/profile');
  assert.ok(await page.evaluate(() => localStorage.getItem('auth_token')));
  await context.close();
});

test('sign out goes to /auth/login, forgets the token and ends the session on the server', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  const listener = await createListener(page, 'signout');
  await signIn(page, listener.email, listener.password);
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  assert.ok(token);
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  assert.equal(pathname(page), '/auth/login');
  assert.equal(await page.evaluate(() => localStorage.getItem('auth_token')), null);
  // the old token is refused from now on
  for (let i = 0; i < 20; i++) {
    const me = await page.request.get(`${BASE_URL}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    if (me.status() === 401) break;
    assert.ok(i < 19, 'the token still works after logout');
    await new Promise((r) => setTimeout(r, 100));
  }
  // and /  sends a visitor to sign in again
  await page.goto('/');
  await page.waitForURL('**/auth/login');
  await context.close();
});

test('a visitor who opens /liked signs in and arrives at /liked', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  const listener = await createListener(page, 'origin');
  await page.goto('/liked');
  await page.waitForURL('**/auth/login');
  await page.getByLabel('Email').fill(listener.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
  await page.getByLabel('Password', { exact: true }).fill(listener.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/liked');
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  assert.equal(pathname(page), '/liked');
  // a signed-in user who opens an /auth page goes home
  await page.goto('/auth/signup');
  await page.waitForURL((url) => url.pathname === '/');
  await context.close();
});

test("forgot password shows 'Check your inbox', and the mailed link sets a new password that signs in", async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  const listener = await createListener(page, 'reset');
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // the sign-in form has an Email field too: fill only once the reset page has replaced it
  await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
  await page.getByLabel('Email').fill(listener.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
  assert.equal(await page.getByRole('link', { name: 'Back to sign in' }).getAttribute('href'), '/auth/login');

  const link = await resetLinkFor(listener.email);
  assert.equal(new URL(link).origin, BASE_URL);
  await page.goto(link);
  await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
  await page.getByLabel('Confirm new password').fill('a-brand-new-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.getByText('Your password has been changed. Sign in with your new password.').waitFor();
  assert.equal(pathname(page), '/auth/login');

  // the old password no longer works, the new one does
  const old = await page.request.post(`${BASE_URL}/api/auth/login`, { data: { username: listener.email, password: listener.password } });
  assert.equal(old.status(), 401);
  await signIn(page, listener.email, 'a-brand-new-password');
  assert.equal(pathname(page), '/');

  // the link worked once
  const again = await page.request.post(`${BASE_URL}/api/auth/reset-password`, {
    data: { token: new URL(link).searchParams.get('token'), password: 'yet-another-password' },
  });
  assert.equal(again.status(), 400);
  await context.close();
});

test('a wrong password clears the password field', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  const user = await createListener(page, 'typo');
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(user.email);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
  assert.equal(await password.inputValue(), '', 'the password field is empty after a wrong password');
  assert.equal(await page.getByLabel('Email').inputValue(), user.email, 'the email stays');
  await context.close();
});
