/** The app the Music Box route tests share, one per test file, with an admin, and the calls they make on it. */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/testApp';

export let t: TestApp;
export let admin: TestUser;

/** Starts the file's app before its tests and closes it after them: call once at the top of a test file. */
export function useMusicboxTestApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(async () => t.close());
}

export const tag = () => `t${randomBytes(4).toString('hex')}`;

export async function suggest(u: TestUser | null, title: string, artist: string) {
  return t.app.inject({ method: 'POST', url: '/api/musicbox/suggestions', headers: u?.headers ?? {}, payload: { title, artist } });
}

export async function created(u: TestUser, title: string, artist: string) {
  const res = await suggest(u, title, artist);
  expect(res.statusCode).toBe(201);
  return res.json().suggestion as { id: string; voteCount: number; createdAt: string; status: string };
}

export async function list(u: TestUser, query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/musicbox/suggestions?${query}`, headers: u.headers });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    success: boolean;
    suggestions: { id: string; title: string; voteCount: number; hasVoted: boolean }[];
    total: number;
    page: number;
    hasMore: boolean;
  };
}

export const vote = (u: TestUser, id: string) => t.app.inject({ method: 'POST', url: `/api/musicbox/suggestions/${id}/toggle-vote`, headers: u.headers });

export const setStatus = (u: TestUser | null, id: string, status: string) =>
  t.app.inject({ method: 'PUT', url: `/api/musicbox/suggestions/${id}/status`, headers: u?.headers ?? {}, payload: { status } });

export async function voteRows(id: string): Promise<number> {
  const result = await t.app.db.execute(sql`select count(*)::int as n from suggestion_votes where suggestion_id = ${id}`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0].n);
}

export async function storedVoteCount(id: string): Promise<number> {
  const result = await t.app.db.execute(sql`select vote_count from suggestions where id = ${id}`);
  return Number((result as unknown as { rows: { vote_count: number }[] }).rows[0].vote_count);
}
