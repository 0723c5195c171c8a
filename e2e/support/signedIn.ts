/** Signed-in pages in contexts of their own: a fresh listener, the admin; the bearer header their API calls carry. */
import type { Browser, Page } from 'playwright-core';
import { E2E_ADMIN, createListener, newContext, signInByApi } from './browser';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface Listener {
  page: Page;
  token: string;
  email: string;
  password: string;
  username: string;
  close: () => Promise<void>;
}

/** A fresh listener in its own context, signed in (token stored as the app does), on `path` (default home). */
export async function freshListener(browser: Browser, prefix: string, path = '/'): Promise<Listener> {
  const context = await newContext(browser);
  const page = await context.newPage();
  const user = await createListener(page, prefix);
  const token = await signInByApi(page, user.email, user.password);
  await page.goto(path);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  return { page, token, ...user, close: () => context.close() };
}

/** The admin in its own context, signed in, on `path`. */
export async function adminPage(browser: Browser, path = '/'): Promise<{ page: Page; token: string; close: () => Promise<void> }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  const token = await signInByApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(path);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  return { page, token, close: () => context.close() };
}

export const pathname = (page: Page) => new URL(page.url()).pathname;
