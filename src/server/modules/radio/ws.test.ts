import type { AddressInfo } from 'node:net';
import { endSession } from '../auth/sessions';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/testApp';
import { insertSong, openSocket, waitFor, type TestSocket } from './test/helpers';

let t: TestApp;
let admin: TestUser;
let base: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/radio/ws`;
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
});
afterAll(async () => t.close());

function connect(token?: string): TestSocket {
  const socket = openSocket(token === undefined ? base : `${base}?token=${encodeURIComponent(token)}`);
  sockets.push(socket);
  return socket;
}
const asAdmin = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

describe('radio websocket', () => {
  it('refuses a socket without a token: ERROR "No authentication token", then close code 4401', async () => {
    const s = connect();
    const error = await s.next('ERROR');
    expect(error.data).toEqual({ message: 'No authentication token' });
    expect((await s.closed).code).toBe(4401);
  });

  it('refuses a socket with a bad token', async () => {
    const s = connect('not-a-jwt');
    expect((await s.next('ERROR')).data.message).toBe('Authentication failed');
    expect((await s.closed).code).toBe(4401);
  });

  it('sends the whole state on open', async () => {
    const user = await createUser(t);
    const s = connect(user.token);
    const first = await s.next('QUEUE_UPDATE');
    expect(s.messages[0].type).toBe('QUEUE_UPDATE');
    expect(first.data).toEqual({
      queue: expect.any(Array),
      currentTrack: null,
      listeners: 1,
      isRadioActive: false,
      startedAt: null,
      serverTime: t.clock.now,
    });
  });

  it('counts listeners per user: two tabs of one user count once', async () => {
    const [u1, u2] = [await createUser(t), await createUser(t)];
    const a = connect(u1.token);
    await a.next('QUEUE_UPDATE');
    const b = connect(u1.token);
    await b.next('QUEUE_UPDATE');
    const c = connect(u2.token);
    await c.next('QUEUE_UPDATE');
    await waitFor(() => a.messages.some((m) => m.type === 'LISTENERS_UPDATE' && m.data.listeners === 2), 3_000, 'LISTENERS_UPDATE 2');
    const res = await t.app.inject({ method: 'GET', url: '/api/radio/queue', headers: u1.headers });
    expect(res.json().listeners).toBe(2);
    await b.close();
    expect(t.app.radio.totalListeners()).toBe(2);
    await c.close();
    await waitFor(() => a.messages.some((m) => m.type === 'LISTENERS_UPDATE' && m.data.listeners === 1), 3_000, 'LISTENERS_UPDATE 1');
  });

  it('sends RADIO_STATUS_CHANGE, TRACK_CHANGE and QUEUE_UPDATE with startedAt and serverTime as the radio moves', async () => {
    const user = await createUser(t);
    const s = connect(user.token);
    await s.next('QUEUE_UPDATE');
    const one = await insertSong(t.app.db, { title: 'Live one', durationMs: 30_000 });
    const two = await insertSong(t.app.db, { title: 'Live two', durationMs: 30_000 });
    await asAdmin('POST', '/api/radio/queue', { songId: one.id });
    const queued = await s.next('QUEUE_UPDATE');
    expect(queued.data.queue.map((q) => q.title)).toContain('Live one');
    await asAdmin('POST', '/api/radio/queue', { songId: two.id });
    await s.next('QUEUE_UPDATE');

    await asAdmin('POST', '/api/radio/toggle');
    const status = await s.next('RADIO_STATUS_CHANGE');
    expect(status.data).toMatchObject({ isRadioActive: true, currentTrack: { title: 'Live one' }, startedAt: t.clock.now, serverTime: t.clock.now });
    const started = await s.next('TRACK_CHANGE');
    expect(started.data.currentTrack?.title).toBe('Live one');
    const afterStart = await s.next('QUEUE_UPDATE');
    expect(afterStart.data).toMatchObject({ isRadioActive: true, startedAt: t.clock.now, currentTrack: { title: 'Live one' } });
    expect(afterStart.data.queue.map((q) => q.title)).toEqual(['Live two']);

    // the clock moves on by itself (fake clock, driven by the test)
    const start = t.clock.now;
    t.clock.now += 30_000;
    await t.app.radio.checkClock();
    const change = await s.next('TRACK_CHANGE');
    expect(change.data).toEqual({
      currentTrack: expect.objectContaining({ title: 'Live two' }),
      isRadioActive: true,
      startedAt: start + 30_000,
      serverTime: t.clock.now,
    });

    // skip with an empty queue: no current track, and that is sent too
    await asAdmin('POST', '/api/radio/skip');
    const empty = await s.next('TRACK_CHANGE');
    expect(empty.data).toMatchObject({ currentTrack: null, isRadioActive: true, startedAt: null });

    await asAdmin('POST', '/api/radio/toggle');
    expect((await s.next('RADIO_STATUS_CHANGE')).data.isRadioActive).toBe(false);
  });

  it('closes the socket of a session that logged out, and refuses its token afterwards', async () => {
    const user = await createUser(t);
    const sessionId = (await t.app.tokens.verifyAccess(user.token)).sessionId;
    const s = connect(user.token);
    await s.next('QUEUE_UPDATE');
    const other = connect(admin.token);
    await other.next('QUEUE_UPDATE');
    await endSession(t.app.db, sessionId, new Date(t.clock.now), t.app.database.sessionEndings);
    expect(await t.app.radio.checkSessions()).toBe(1);
    expect((await s.next('ERROR')).data.message).toBe('Authentication required');
    expect((await s.closed).code).toBe(4401);
    expect(other.ws.readyState).toBe(other.ws.OPEN);

    const again = connect(user.token);
    expect((await again.next('ERROR')).data.message).toBe('Authentication failed');
    expect((await again.closed).code).toBe(4401);
  });
});
