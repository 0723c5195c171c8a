import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';
import type { RadioQueueTrack, RadioStateData } from '../../../contract/radio';
import { createTestServices, memoryTokenStore } from '../../test/testServices';
import { toastSlice } from '../../ui/toast/toastSlice';
import { liveMessageReceived } from '../../shared/live';
import { authActions, authSlice } from '../../shared/session';
import { playerActions, playerSlice, selectPlayer } from '../../shared/player';
import { reconnectDelay } from './backoff';
import { estimateClockOffset, livePosition } from './livePosition';
import { driftSaga, radioModeSaga, requestSkip, sessionSocketSaga, skipSaga, socketSaga, radioSaga } from './radioSagas';
import { wait } from '../../shared/lib/wait';
import { radioActions, radioSlice } from './radioSlice';

const reducer = combineReducers({ radio: radioSlice.reducer, player: playerSlice.reducer, toasts: toastSlice.reducer, auth: authSlice.reducer });
type Root = ReturnType<typeof reducer>;
const initial = (): Root => reducer(undefined, { type: '@@init' });

/** A WebSocket stand-in whose behaviour the test scripts: it opens, fails, or sends messages, always a tick later. */
class FakeSocket {
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  closedByClient = false;
  constructor(readonly url: string) {}
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  message(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  fail() {
    this.readyState = 3;
    this.onerror?.();
    this.onclose?.({ code: 1006 });
  }
  serverClose(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  close() {
    this.closedByClient = true;
    this.readyState = 3;
  }
}

const ctx = (services: unknown): [matchers.Matcher, unknown] => [matchers.getContext('services'), services];
const later = (fn: () => void, ms = 0) => setTimeout(fn, ms);

function track(id: string, overrides: Partial<RadioQueueTrack> = {}): RadioQueueTrack {
  return {
    id,
    songId: `song-${id}`,
    title: `Title ${id}`,
    artist: 'Artist',
    duration: 200,
    addedBy: { id: 'a1', username: 'admin' },
    addedAt: '2026-01-01T00:00:00.000Z',
    url: `/api/songs/stream/song-${id}?st=x`,
    ...overrides,
  };
}

describe('reconnectDelay', () => {
  it('starts at 1 s and doubles, minus at most a quarter of jitter', () => {
    expect([0, 1, 2, 3, 4].map((a) => reconnectDelay(a, () => 0))).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect([0, 1, 2, 3, 4].map((a) => reconnectDelay(a, () => 0.9999999))).toEqual([750, 1500, 3000, 6000, 12000]);
    for (let i = 0; i < 200; i += 1) {
      const d = reconnectDelay(2);
      expect(d).toBeGreaterThanOrEqual(3000);
      expect(d).toBeLessThanOrEqual(4000);
    }
  });

  it('is capped at 30 s, with jitter still spreading clients below the cap', () => {
    expect(reconnectDelay(5, () => 0)).toBe(30_000);
    expect(reconnectDelay(50, () => 0)).toBe(30_000);
    expect(reconnectDelay(50, () => 0.9999999)).toBe(22_500);
    for (let i = 0; i < 200; i += 1) expect(reconnectDelay(10 + i)).toBeLessThanOrEqual(30_000);
  });
});

describe('live position', () => {
  it('is the server time elapsed since startedAt, corrected by the clock offset, within the track', () => {
    // server clock runs 2.5 s ahead of ours; the track started 10 s ago by the server clock
    expect(livePosition({ startedAt: 1_000_000, clockOffsetMs: 2_500, localNow: 1_000_000 - 2_500 + 10_000, duration: 200 })).toBe(10);
    expect(livePosition({ startedAt: 1_000_000, clockOffsetMs: -500, localNow: 1_000_000 + 500 + 1_250, duration: 200 })).toBe(1.25);
    expect(livePosition({ startedAt: 1_000_000, clockOffsetMs: 0, localNow: 999_000, duration: 200 })).toBe(0);
    expect(livePosition({ startedAt: 1_000_000, clockOffsetMs: 0, localNow: 1_000_000 + 500_000, duration: 200 })).toBe(200);
  });

  it('takes the largest recent offset sample as the estimate (the wire only makes samples smaller)', () => {
    expect(estimateClockOffset([])).toBe(0);
    expect(estimateClockOffset([1_950, 2_000, 1_700])).toBe(2_000);
  });
});

/** Runs socketSaga against scripted sockets; records the waits and the URLs it opened. */
function runSocketSaga(script: ((socket: FakeSocket, index: number) => void)[], tokens: (string | null)[]) {
  const sockets: FakeSocket[] = [];
  const waits: number[] = [];
  const tokenStore = memoryTokenStore();
  let reads = 0;
  tokenStore.get = () => tokens[Math.min(reads++, tokens.length - 1)];
  const services = createTestServices({
    tokenStore,
    apiOrigin: 'http://radio.test',
    now: () => 5_000,
    openSocket: (url: string) => {
      const socket = new FakeSocket(url);
      const index = sockets.length;
      sockets.push(socket);
      later(() => (script[index] ?? ((s: FakeSocket) => s.fail()))(socket, index));
      return socket as unknown as WebSocket;
    },
  });
  const saga = expectSaga(socketSaga)
    .withReducer(reducer)
    .provide([
      ctx(services),
      [matchers.call.fn(reconnectDelay), dynamic(({ args }) => reconnectDelay(args[0] as number, () => 0))],
      [
        matchers.call.fn(wait),
        dynamic(({ args }) => {
          waits.push(args[0] as number);
        }),
      ],
    ]);
  return { saga, sockets, waits };
}

describe('socketSaga', () => {
  it('backs off 1 s doubling while it fails, and starts again at 1 s after a successful open', async () => {
    const openThenDrop = (s: FakeSocket) => {
      s.open();
      later(() => s.serverClose(1006), 1);
    };
    const fail = (s: FakeSocket) => s.fail();
    const { saga, sockets, waits } = runSocketSaga([fail, fail, fail, openThenDrop, fail, fail], ['t1', 't1', 't1', 't1', 't1', 't1', null]);
    const { storeState } = await saga.silentRun(500);
    expect(sockets).toHaveLength(6);
    expect(waits).toEqual([1000, 2000, 4000, 1000, 2000, 4000]);
    expect((storeState as Root).radio.connection).toBe('disconnected');
    expect((storeState as Root).radio.error).toBe('WebSocket connection failed');
  });

  it('makes no connection without a token', async () => {
    const { saga, sockets } = runSocketSaga([], [null]);
    const { storeState } = await saga.silentRun(100);
    expect(sockets).toHaveLength(0);
    expect((storeState as Root).radio.connection).toBe('disconnected');
  });

  it('reads the token afresh for each connection (a refreshed token is used on reconnect)', async () => {
    const { saga, sockets } = runSocketSaga([(s) => s.fail(), (s) => s.fail()], ['old-token', 'new-token', null]);
    await saga.silentRun(200);
    expect(sockets.map((s) => new URL(s.url).searchParams.get('token'))).toEqual(['old-token', 'new-token']);
    expect(sockets[0].url).toMatch(/^ws:\/\/radio\.test\/api\/radio\/ws\?token=/);
  });

  it('routes each message type to its action, ignores unknown types and reports unreadable messages', async () => {
    const state: RadioStateData = {
      queue: [track('q1'), track('q2')],
      currentTrack: track('c1'),
      listeners: 3,
      isRadioActive: true,
      startedAt: 4_000,
      serverTime: 7_000,
    };
    const { saga } = runSocketSaga(
      [
        (s) => {
          s.open();
          s.message({ type: 'QUEUE_UPDATE', data: state });
          s.message({ type: 'LISTENERS_UPDATE', data: { listeners: 5 } });
          s.message({ type: 'SOMETHING_NEW', data: { listeners: 99 } });
          s.message({ type: 'TRACK_CHANGE', data: { currentTrack: track('c2'), isRadioActive: true, startedAt: 6_000, serverTime: 6_500 } });
          s.message('not json');
          s.message({ type: 'ERROR', data: { message: 'No authentication token' } });
          s.message({ type: 'RADIO_STATUS_CHANGE', data: { currentTrack: track('c2'), isRadioActive: false, startedAt: null, serverTime: 6_600 } });
        },
      ],
      ['t', null],
    );
    const result = await saga
      .put(radioActions.connected())
      .put(radioActions.stateReceived(state))
      .put(radioActions.listenersUpdated(5))
      .put(radioActions.errorReceived('Failed to parse message'))
      .put(radioActions.errorReceived('No authentication token'))
      .not.put(radioActions.listenersUpdated(99))
      .put(liveMessageReceived(JSON.stringify({ type: 'SOMETHING_NEW', data: { listeners: 99 } })))
      .silentRun(200);
    const radio = (result.storeState as Root).radio;
    expect(radio).toMatchObject({
      queue: state.queue,
      currentTrack: track('c2'),
      listeners: 5,
      isRadioActive: false,
      startedAt: null,
      error: 'No authentication token',
      // local clock reads 5,000 at every receipt: the best sample is 7,000 - 5,000
      clockOffsetMs: 2_000,
    });
  });
});

describe('sessionSocketSaga', () => {
  it('connects on sign-in and closes the socket on logout', async () => {
    const sockets: FakeSocket[] = [];
    const services = createTestServices({
      tokenStore: memoryTokenStore('token'),
      openSocket: (url: string) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        later(() => s.open());
        return s as unknown as WebSocket;
      },
    });
    const user = { id: 'u1', username: 'u', email: 'u@x.test', role: 'user' as const, createdAt: '2026-01-01T00:00:00.000Z' };
    const { storeState } = await expectSaga(sessionSocketSaga)
      .withReducer(reducer)
      .provide([ctx(services)])
      .dispatch(authActions.authenticated(user))
      .delay(50)
      .dispatch(authActions.logoutRequested())
      .put(radioActions.reset())
      .silentRun(150);
    expect(sockets).toHaveLength(1);
    expect(sockets[0].closedByClient).toBe(true);
    expect((storeState as Root).radio.connection).toBe('disconnected');
  });

  it('does not connect before sign-in', async () => {
    const openSocket = jest.fn();
    await expectSaga(sessionSocketSaga)
      .withReducer(reducer)
      .provide([ctx(createTestServices({ tokenStore: memoryTokenStore('token'), openSocket }))])
      .silentRun(50);
    expect(openSocket).not.toHaveBeenCalled();
  });

  it('connects at once when the user signed in before it started (its chunk arrives after the boot)', async () => {
    const openSocket = jest.fn(() => new FakeSocket('ws://test') as unknown as WebSocket);
    const user = { id: 'u1', username: 'u', email: 'u@x.test', role: 'user' as const, createdAt: '2026-01-01T00:00:00.000Z' };
    const signedIn = reducer(undefined, authActions.authenticated(user));
    await expectSaga(sessionSocketSaga)
      .withReducer(reducer, signedIn)
      .provide([ctx(createTestServices({ tokenStore: memoryTokenStore('token'), openSocket }))])
      .silentRun(50);
    expect(openSocket).toHaveBeenCalledTimes(1);
  });
});

describe('radio mode', () => {
  const live = (overrides: Partial<RadioStateData> = {}): RadioStateData => ({
    queue: [],
    currentTrack: track('c1', { duration: 240 }),
    listeners: 1,
    isRadioActive: true,
    startedAt: 100_000,
    serverTime: 130_000,
    ...overrides,
  });
  const services = () => createTestServices({ now: () => 128_000 });

  const radioPlays = (effects: { put?: { payload: { action: { type: string; payload: { track: { id: string }; offsetSeconds: number } } } }[] }) =>
    (effects.put ?? []).filter((e) => e.payload.action.type === playerActions.radioPlayRequested.type).map((e) => e.payload.action.payload);
  // each action waits a little, so the saga meets it in the state it was sent in
  const runMode = (state: Root = initial()) =>
    expectSaga(radioModeSaga)
      .withReducer(reducer, state)
      .provide([ctx(services()), [matchers.call.fn(wait), new Promise(() => {})]]);
  const song = { id: 'other', title: 'Other', artist: 'X', url: '/x', duration: 10 };
  const playingOwn = (): Root => ({ ...initial(), player: { ...initial().player, currentTrack: song, isPlaying: true, playingSongId: song.id } });

  it('Tune in enters radio mode at the live position, and the station stopping leaves it', async () => {
    const withOffset = { ...initial(), radio: { ...initial().radio, clockOffsetMs: 2_000 } };
    await runMode(withOffset)
      .delay(5)
      .dispatch(radioActions.stateReceived(live()))
      .delay(5)
      .dispatch(radioActions.listenRequested())
      // local 128,000 + offset 2,000 = server 130,000; started at 100,000: 30 s in
      .put(
        playerActions.radioPlayRequested({
          track: { id: 'song-c1', title: 'Title c1', artist: 'Artist', url: '/api/songs/stream/song-c1?st=x', duration: 240 },
          offsetSeconds: 30,
          itemId: 'c1',
        }),
      )
      .delay(5)
      .dispatch(radioActions.statusChanged({ currentTrack: track('c1'), isRadioActive: false, startedAt: null, serverTime: 131_000 }))
      .put(playerActions.radioStopped())
      .silentRun(100);
  });

  it('the radio going on air does not take over a listener who is not on it', async () => {
    const { effects } = await runMode(playingOwn())
      .delay(5)
      .dispatch(radioActions.stateReceived(live({ isRadioActive: false, startedAt: null })))
      .delay(5)
      .dispatch(radioActions.statusChanged({ currentTrack: track('c1'), isRadioActive: true, startedAt: 127_000, serverTime: 128_000 }))
      .delay(5)
      .dispatch(radioActions.trackChanged({ currentTrack: track('c2'), isRadioActive: true, startedAt: 127_500, serverTime: 128_000 }))
      .silentRun(100);
    expect(radioPlays(effects as never)).toEqual([]);
  });

  it('the open radio page tunes in a listener with nothing on, but not one playing their own music', async () => {
    const idle = await runMode().dispatch(radioActions.pageOpened()).delay(5).dispatch(radioActions.stateReceived(live())).silentRun(100);
    expect(radioPlays(idle.effects as never).map((p) => p.track.id)).toEqual(['song-c1']);
    const busy = await runMode(playingOwn()).dispatch(radioActions.pageOpened()).delay(5).dispatch(radioActions.stateReceived(live())).silentRun(100);
    expect(radioPlays(busy.effects as never)).toEqual([]);
  });

  it('on the radio, plays each new track once, and does nothing while the radio is off', async () => {
    const { effects } = await runMode()
      .delay(5)
      .dispatch(radioActions.listenRequested())
      .delay(5)
      .dispatch(radioActions.stateReceived(live({ isRadioActive: false, startedAt: null })))
      .delay(5)
      .dispatch(radioActions.pageOpened())
      .delay(5)
      .dispatch(radioActions.stateReceived(live()))
      .delay(5)
      .dispatch(radioActions.stateReceived(live({ listeners: 4 })))
      .delay(5)
      .dispatch(radioActions.trackChanged({ currentTrack: track('c2'), isRadioActive: true, startedAt: 127_000, serverTime: 128_000 }))
      .silentRun(100);
    const plays = radioPlays(effects as never);
    expect(plays.map((p) => p.track.id)).toEqual(['song-c1', 'song-c2']);
    expect(plays[1].offsetSeconds).toBe(1);
  });

  it('leaves radio mode when the queue runs out (no current track)', async () => {
    await runMode()
      .delay(5)
      .dispatch(radioActions.stateReceived(live()))
      .delay(5)
      .dispatch(radioActions.listenRequested())
      .delay(5)
      .dispatch(radioActions.trackChanged({ currentTrack: null, isRadioActive: true, startedAt: null, serverTime: 128_000 }))
      .put(playerActions.radioStopped())
      .silentRun(100);
  });

  it('a listener who plays something else is off the radio until they tune in again', async () => {
    const { effects } = await runMode()
      .delay(5)
      .dispatch(radioActions.stateReceived(live()))
      .delay(5)
      .dispatch(radioActions.listenRequested())
      .delay(5)
      .dispatch(playerActions.playRequested({ track: song, source: 'library' }))
      .delay(5)
      .dispatch(radioActions.trackChanged({ currentTrack: track('c2'), isRadioActive: true, startedAt: 127_000, serverTime: 128_000 }))
      .delay(5)
      .dispatch(radioActions.listenRequested())
      .silentRun(100);
    expect(radioPlays(effects as never).map((p) => p.track.id)).toEqual(['song-c1', 'song-c2']);
  });

  it('the station going off air takes listeners off it: starting again does not take them over', async () => {
    const { effects } = await runMode()
      .delay(5)
      .dispatch(radioActions.stateReceived(live()))
      .delay(5)
      .dispatch(radioActions.listenRequested())
      .delay(5)
      .dispatch(radioActions.statusChanged({ currentTrack: track('c1'), isRadioActive: false, startedAt: null, serverTime: 129_000 }))
      .delay(5)
      .dispatch(radioActions.statusChanged({ currentTrack: track('c1'), isRadioActive: true, startedAt: 127_000, serverTime: 129_500 }))
      .silentRun(100);
    expect(radioPlays(effects as never).map((p) => p.track.id)).toEqual(['song-c1']);
  });

  it('corrects drift over 1 s by seeking to the live position', async () => {
    const fake = createTestServices({ now: () => 128_000 });
    const state = {
      ...initial(),
      radio: { ...initial().radio, isRadioActive: true, currentTrack: track('c1'), startedAt: 100_000 },
      player: { ...initial().player, source: { kind: 'radio' as const, itemId: null }, isPlaying: true },
    };
    let ticks = 0;
    // where the player last heard the engine was
    let position = 0;
    const { effects } = await expectSaga(driftSaga)
      .withReducer(reducer, state)
      .provide([
        ctx(fake),
        [matchers.select(selectPlayer), dynamic(() => ({ ...state.player, currentTime: position }))],
        [
          matchers.call.fn(wait),
          dynamic(() => {
            ticks += 1;
            // 28 s is live: the first check finds playback 3 s behind, the second within tolerance
            position = ticks === 1 ? 25 : 27.5;
            return ticks > 2 ? new Promise(() => {}) : undefined;
          }),
        ],
      ])
      .silentRun(100);
    const syncs = (effects.put ?? []).map((e) => e.payload.action);
    // one seek, to the live position; the second check was within tolerance
    expect(syncs).toEqual([playerActions.radioSyncRequested({ offsetSeconds: 28 })]);
    expect(ticks).toBe(3);
  });
});

describe('skip in radio mode', () => {
  it('reports a failed skip with the spec message', async () => {
    const { storeState } = await expectSaga(skipSaga)
      .withReducer(reducer)
      .provide([ctx(createTestServices()), [matchers.call.fn(requestSkip), false]])
      .silentRun(50);
    expect((storeState as Root).toasts.map((t) => t.message)).toEqual(['Failed to skip track']);
  });
});

describe('one skip path', () => {
  const withAuth = combineReducers({ radio: radioSlice.reducer, player: playerSlice.reducer, toasts: toastSlice.reducer, auth: authSlice.reducer });
  const state = (role: 'user' | 'admin', isRadioMode: boolean) => ({
    ...withAuth(undefined, { type: 'init' }),
    player: { ...playerSlice.getInitialState(), source: isRadioMode ? { kind: 'radio' as const, itemId: null } : { kind: 'queue' as const } },
    auth: {
      user: { id: 'u1', username: role, email: `${role}@example.test`, role, createdAt: '2026-01-01T00:00:00.000Z' },
      isAuthenticated: true,
      isLoading: false,
      error: null,
    },
  });

  it("the radio page's and the player bar's Skip are one action, skipped and told once by one saga", async () => {
    const { storeState, effects } = await expectSaga(radioSaga)
      .withReducer(withAuth, state('admin', true))
      .provide([
        ctx(createTestServices()),
        [matchers.call.fn(requestSkip), false],
        [matchers.fork.fn(sessionSocketSaga), null],
        [matchers.fork.fn(radioModeSaga), null],
      ])
      .dispatch(playerActions.stationSkipRequested())
      .silentRun(30);
    expect((effects.call ?? []).filter((e: { payload: { fn: unknown } }) => e.payload.fn === requestSkip)).toHaveLength(1);
    expect((storeState as Root).toasts.map((t) => t.message)).toEqual(['Failed to skip track']);
  });
});
