import { sql } from 'drizzle-orm';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';
import { SESSION_CHECK_TTL_MS } from '../auth/sessionCheckCache';
import { insertSong, writeMediaFile } from './test/songFixtures';
import { streamCookieFrom } from './test/streamCookieHeader';

/**
 * The stream cookie's check is remembered briefly (auth/sessionCheckCache.ts): a session ended
 * where this process does not see it (another instance, by hand in the database) stops streaming
 * within SESSION_CHECK_TTL_MS; one ended here stops at once (streamAccess.test.ts).
 */

let t: TestApp;
let listener: TestUser;
const bytes = Buffer.from('RIFF0123456789abcdef');

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
});
afterAll(async () => t?.close());

it('refuses a session ended behind its back within the TTL of the remembered check', async () => {
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
  const stream = () => t.app.inject({ method: 'GET', url: `/api/songs/stream/${song.id}`, headers: { cookie } });

  expect((await stream()).statusCode).toBe(200);
  await t.app.db.execute(sql`update sessions set ended_at = now() where user_id = ${listener.user.id}`);
  t.clock.now += SESSION_CHECK_TTL_MS - 1;
  expect((await stream()).statusCode).toBe(200);
  t.clock.now += 1;
  expect((await stream()).statusCode).toBe(401);
});
