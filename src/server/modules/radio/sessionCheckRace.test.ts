import type { WebSocket } from 'ws';
import { createTestApp, createUser, type TestApp } from '../../test/testApp';
import { endSession } from '../auth/sessions';
import { ListenerHub, type Listener } from './hub';
import { DEFAULT_MAX_SOCKETS_PER_USER, DEFAULT_RADIO_TIMINGS } from './service';
import { RadioSockets } from './sockets';

/**
 * The periodic session check asks the database about the sockets open when it starts; a socket let
 * in while that query runs (its own session checked on the way in) is not in the answer and must
 * not be put out for it. The 10,000-listener bench lost 5-31 sockets per run this way (4401).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

function fakeSocket() {
  const socket = { readyState: 1, OPEN: 1, sent: [] as string[], closedWith: null as number | null };
  return Object.assign(socket, {
    send: (data: string) => socket.sent.push(data),
    close: (code: number) => {
      socket.closedWith = code;
      socket.readyState = 3;
    },
    on: () => socket,
  });
}

async function listenerOf(ended = false) {
  const user = await createUser(t);
  const { sessionId } = await t.app.tokens.verifyAccess(user.token);
  if (ended) await endSession(t.app.db, sessionId, new Date(t.clock.now), t.app.database.sessionEndings);
  const socket = fakeSocket();
  const listener: Listener = { socket: socket as unknown as WebSocket, userId: user.user.id, sessionId, alive: true };
  return { listener, socket };
}

it('puts out an ended session, and leaves a socket that came in while the check ran', async () => {
  const hub = new ListenerHub(() => undefined);
  const sockets = new RadioSockets({
    db: t.app.db,
    hub,
    now: () => t.clock.now,
    log: t.app.log,
    timings: DEFAULT_RADIO_TIMINGS,
    maxSocketsPerUser: DEFAULT_MAX_SOCKETS_PER_USER,
    verifyToken: (token) => t.app.tokens.verifyAccess(token),
    welcome: () => Promise.reject(new Error('no socket connects in this test')),
  });
  const staying = await listenerOf();
  const ended = await listenerOf(true);
  const newcomer = await listenerOf();
  hub.add(staying.listener);
  hub.add(ended.listener);

  const checking = sockets.checkSessions();
  // let in after the question went out: the answer does not name its session
  hub.add(newcomer.listener);
  expect(await checking).toBe(1);

  expect(ended.socket.closedWith).toBe(4401);
  expect(staying.socket.closedWith).toBeNull();
  expect(newcomer.socket.closedWith).toBeNull();
  expect([...hub.all]).toEqual([staying.listener, newcomer.listener]);
  // the next check judges the newcomer too: its session is alive
  expect(await sockets.checkSessions()).toBe(0);
});
