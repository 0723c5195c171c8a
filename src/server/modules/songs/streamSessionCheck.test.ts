import { sql } from 'drizzle-orm';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';
import { SESSION_CHECK_TTL_MS } from '../auth/sessionCheckCache';
import { insertSong, writeMediaFile } from '../../library/test/songFixtures';
import { streamCookieFrom } from './test/streamCookieHeader';

/**
 * With the embedded database the stream cookie's check is remembered briefly
 * (auth/sessionCheckCache.ts): a session ended where this process does not see it (by hand in the
 * database) stops streaming within SESSION_CHECK_TTL_MS; one ended here stops at once
 * (streamAccess.test.ts). With PostgreSQL, where other instances end sessions too, nothing is
 * remembered: the same session stops at once (radio/multiInstance.test.ts checks it across two).
 */

let t: TestApp;
let listener: TestUser;
const bytes = Buffer.from('RIFF0123456789abcdef');

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
});
afterAll(async () => t?.close());

async function streamOfNewSession(): Promise<() => Promise<{ statusCode: number }>> {
  const name = await writeMediaFile(t.config.mediaDir, bytes);
  const song = await insertSong(t.app.db, {
    title: 'Elsewhere',
    artist: 'Cookie',
    durationMs: 1000,
    path: name,
    mimeType: 'audio/wav',
    sizeBytes: bytes.length,
  });
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: listener.user.username, password: listener.password } });
  const { cookie } = streamCookieFrom(login.headers['set-cookie']);
  return () => t.app.inject({ method: 'GET', url: `/api/songs/stream/${song.id}`, headers: { cookie } });
}

const embedded = !process.env.DATABASE_URL;

(embedded ? it : it.skip)('embedded: refuses a session ended behind its back within the TTL of the remembered check', async () => {
  const stream = await streamOfNewSession();
  expect((await stream()).statusCode).toBe(200);
  await t.app.db.execute(sql`update sessions set ended_at = now() where user_id = ${listener.user.id}`);
  t.clock.now += SESSION_CHECK_TTL_MS - 1;
  expect((await stream()).statusCode).toBe(200);
  t.clock.now += 1;
  expect((await stream()).statusCode).toBe(401);
});

(embedded ? it.skip : it)('PostgreSQL: refuses a session ended behind its back at once (nothing remembered)', async () => {
  const stream = await streamOfNewSession();
  expect((await stream()).statusCode).toBe(200);
  await t.app.db.execute(sql`update sessions set ended_at = now() where user_id = ${listener.user.id}`);
  expect((await stream()).statusCode).toBe(401);
});
