import type { AddressInfo } from 'node:net';
import { RADIO_WS_CLOSE_TOO_MANY, RADIO_WS_CLOSE_UNAUTHORIZED } from '../../../contract/radio';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';
import { createResetToken } from '../auth/resets';
import { DEFAULT_MAX_SOCKETS_PER_USER, DEFAULT_RADIO_TIMINGS } from './service';
import { openSocket, type TestSocket } from './test/helpers';

/**
 * Sockets end with their session through the session_events bus, well before the periodic
 * check (DEFAULT_RADIO_TIMINGS.sessionCheckMs, 10 s); and one user holds at most
 * DEFAULT_MAX_SOCKETS_PER_USER sockets per instance.
 */

let t: TestApp;
let base: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/radio/ws`;
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
});
afterAll(async () => t.close());

async function connect(token: string): Promise<TestSocket> {
  const socket = openSocket(`${base}?token=${encodeURIComponent(token)}`);
  sockets.push(socket);
  await socket.next('QUEUE_UPDATE');
  return socket;
}

async function signIn(user: TestUser): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.user.username, password: user.password } });
  expect(res.statusCode).toBe(200);
  return res.json().token.token;
}

/** Resolves with the close code and how long after `since` the socket closed. */
async function closedAfter(socket: TestSocket, since: number) {
  const { code } = await socket.closed;
  return { code, ms: Date.now() - since };
}

describe('radio sockets end with their session', () => {
  it('closes the socket of a session that logs out within 1 s, and only that one', async () => {
    expect(DEFAULT_RADIO_TIMINGS.sessionCheckMs).toBeGreaterThan(1_000);
    const user = await createUser(t);
    const token = await signIn(user);
    const leaving = await connect(token);
    const otherTab = await connect(user.token); // another session of the same user
    const start = Date.now();
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode).toBe(200);
    const closed = await closedAfter(leaving, start);
    expect(closed.code).toBe(RADIO_WS_CLOSE_UNAUTHORIZED);
    expect(closed.ms).toBeLessThan(1_000);
    expect(leaving.messages.at(-1)).toEqual({ type: 'ERROR', data: { message: 'Authentication required' } });
    expect(otherTab.ws.readyState).toBe(otherTab.ws.OPEN);
  });

  it('closes every socket of a user whose password was reset within 1 s', async () => {
    const user = await createUser(t);
    const bystander = await createUser(t);
    const [laptop, phone] = [await connect(await signIn(user)), await connect(user.token)];
    const unrelated = await connect(bystander.token);
    const resetToken = await createResetToken(t.app.db, user.user.id, new Date(t.clock.now));
    const start = Date.now();
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: resetToken, password: 'another good password' } });
    expect(reset.statusCode).toBe(200);
    for (const socket of [laptop, phone]) {
      const closed = await closedAfter(socket, start);
      expect(closed.code).toBe(RADIO_WS_CLOSE_UNAUTHORIZED);
      expect(closed.ms).toBeLessThan(1_000);
    }
    expect(unrelated.ws.readyState).toBe(unrelated.ws.OPEN);
  });
});

describe('sockets per user', () => {
  it(`refuses a user's socket beyond ${DEFAULT_MAX_SOCKETS_PER_USER} with a clear message, keeps the open ones, and admits one again after a close`, async () => {
    const user = await createUser(t);
    const open: TestSocket[] = [];
    for (let i = 0; i < DEFAULT_MAX_SOCKETS_PER_USER; i += 1) open.push(await connect(user.token));

    const extra = openSocket(`${base}?token=${encodeURIComponent(user.token)}`);
    sockets.push(extra);
    expect((await extra.next('ERROR')).data.message).toBe('Too many radio connections open for this account: close another tab to listen here');
    expect((await extra.closed).code).toBe(RADIO_WS_CLOSE_TOO_MANY);
    expect(extra.messages.some((m) => m.type === 'QUEUE_UPDATE')).toBe(false);
    expect(open.every((s) => s.ws.readyState === s.ws.OPEN)).toBe(true);

    // another user is not affected, and a closed tab frees its place
    await connect((await createUser(t)).token);
    await open[0].close();
    await connect(user.token);
  });
});
