import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { guardBrowser } from './cspGuard';
import { E2E_ADMIN } from './server';

export { E2E_ADMIN };

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve('docs/screenshots');

/** Flags that let Debian's chromium run headless as root on this closed network (STACK.md). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's chromium, headless, never a downloaded browser; autoplay allowed so tests can hear audio.
 * Every context it makes fails its test on a Content-Security-Policy violation (cspGuard.ts).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_FLAGS, '--autoplay-policy=no-user-gesture-required'],
  });
  return guardBrowser(browser);
}

export async function newContext(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  return browser.newContext({ baseURL: BASE_URL, viewport });
}

/** Signs in through the real sign-in form and waits for the app shell. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/** Signs in through the API and stores the token as the app does (auth_token), for tests about other things. */
export async function signInByApi(page: Page, email: string, password: string): Promise<string> {
  const res = await page.request.post(`${BASE_URL}/api/auth/login`, { data: { username: email, password } });
  const body = (await res.json()) as { token: { token: string } };
  const token = body.token.token;
  await page.goto('/auth/login');
  await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
  return token;
}

/** Registers a fresh listener through the API; returns its credentials. */
export async function createListener(page: Page, prefix = 'listener'): Promise<{ email: string; password: string; username: string }> {
  const id = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const user = { username: id, email: `${id}@e2e.test`, password: 'listener-password' };
  const res = await page.request.post(`${BASE_URL}/api/auth/register`, { data: user });
  if (!res.ok()) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  return user;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}
