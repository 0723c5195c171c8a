import { eq } from 'drizzle-orm';
import type { Database, Db } from '../../../db/open';
import { scrobbleQueue } from '../../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../../test/testApp';
import { startMockListenBrainz, type MockListenBrainz } from './mockListenBrainz';

/** The scrobble tests' set-up: a mock ListenBrainz on the test app's clock, and the app pointed at it. */
export const LB_TOKEN = 'aaaaaaaa-1111-2222-3333-bbbbbbbbbbbb';
export const LB_USER = 'lb-listener';

/** The sender runs only when kicked or asked: its timer would race the tests' fake clock. */
const NO_TIMER = { intervalMs: 24 * 60 * 60_000 };

export async function startListenBrainzKit(options: { tokens?: Record<string, string> } = {}) {
  const clock = { now: Date.now() };
  const lb = await startMockListenBrainz({ tokens: options.tokens ?? { [LB_TOKEN]: LB_USER }, now: () => clock.now });
  return { lb, clock };
}

export async function appFor(
  lb: MockListenBrainz,
  clock: { now: number },
  options: { database?: Database; env?: Record<string, string> } = {},
): Promise<TestApp> {
  // one clock for the app and the mock
  return createTestApp({ database: options.database, env: { LISTENBRAINZ_URL: lb.url, ...options.env }, scrobble: NO_TIMER, clock });
}

export async function connectListenBrainz(t: TestApp, user: TestUser, token = LB_TOKEN) {
  return t.app.inject({ method: 'PUT', url: '/api/scrobble/listenbrainz', headers: user.headers, payload: { token } });
}

export async function listened(t: TestApp, user: TestUser, songId: string, startedAt?: Date) {
  return t.app.inject({ method: 'POST', url: '/api/scrobble/listened', headers: user.headers, payload: { songId, startedAt: startedAt?.toISOString() } });
}

export async function queued(db: Db, userId: string) {
  return db.select().from(scrobbleQueue).where(eq(scrobbleQueue.userId, userId));
}

/** listened_at and track_name of every listen the mock took, in arrival order */
export function arrivals(lb: MockListenBrainz) {
  return lb.received.filter((s) => s.listen_type !== 'playing_now').flatMap((s) => s.payload.map((l) => ({ type: s.listen_type, ...l })));
}
