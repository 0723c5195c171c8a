/** The app the auth route tests share, one per test file, and the calls they make on it. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { findResetLink } from '../../../mail/passwordResetMail';
import { createTestApp, type TestApp } from '../../../test/testApp';

export let t: TestApp;

/** Starts the file's app before its tests and closes it after them: call once at the top of a test file. */
export function useAuthTestApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
}

let seq = 0;

export const fresh = (prefix = 'fl') => {
  seq += 1;
  const id = `${prefix}${seq}${Math.random().toString(36).slice(2, 7)}`;
  return { username: id, email: `${id}@Example.test`, password: 'a good password' };
};

export const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });

export const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function signIn(username: string, password: string): Promise<string> {
  const res = await post('/auth/login', { username, password });
  expect(res.statusCode).toBe(200);
  return res.json().token.token;
}

/** Reset mails of this app's outbox addressed to `email`, newest last. */
export async function outboxLinks(email: string): Promise<string[]> {
  const dir = path.join(t.config.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  const links: string[] = [];
  for (const f of files) {
    const raw = await readFile(path.join(dir, f), 'utf8');
    if (raw.toLowerCase().includes(`to: ${email.toLowerCase()}`)) links.push(findResetLink(raw)!);
  }
  return links;
}

export async function requestReset(email: string): Promise<string> {
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
