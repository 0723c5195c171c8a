import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { fork } from 'redux-saga/effects';
import type { RadioQueueTrack, RadioStateData } from '../../contract/radio';
import { baseApi } from '../api/baseApi';
import { playerSaga } from '../features/player/playerSagas';
import { radioSaga } from '../features/radio/radioSagas';
import { radioActions } from '../features/radio/radioSlice';
import { playerActions, type PlayerTrack } from '../shared/player';
import { mockApi } from '../test/mockApi';
import { signedInState } from '../test/renderWithProviders';
import { createTestServices, memoryTokenStore } from '../test/testServices';
import { makeStore, rootReducer, type RootState } from './store';

const song = (n: number): PlayerTrack => ({ id: `song-${n}`, title: `Song ${n}`, artist: 'A', url: `/api/songs/stream/song-${n}`, duration: 60 });
const item = (id: string, duration = 240): RadioQueueTrack => ({
  id,
  songId: `song-${id}`,
  title: `Title ${id}`,
  artist: 'Artist',
  duration,
  addedBy: null,
  addedAt: '2026-01-01T00:00:00.000Z',
  url: `/api/songs/stream/song-${id}?st=x`,
});
const [c1, c2, c3] = [item('c1'), item('c2', 180), item('c3')];
const NOW = 128_000;
const C1_END = 100_000 + 240_000;
const live = (more: Partial<RadioStateData> = {}): RadioStateData => ({
  queue: [c2, c3],
  currentTrack: c1,
  listeners: 2,
  isRadioActive: true,
  startedAt: 100_000,
  serverTime: NOW,
  ...more,
});
const change = (current: RadioQueueTrack, startedAt: number) =>
  radioActions.trackChanged({ currentTrack: current, isRadioActive: true, startedAt, serverTime: startedAt });
const settle = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

/** The player and radio sagas on the app's reducer, with FakeAudioService; every action that reaches the store is logged. */
function recordedStore(preloadedState: Partial<RootState>) {
  const services = createTestServices({ tokenStore: memoryTokenStore('token'), now: () => NOW });
  const log: UnknownAction[] = [];
  // what DevTools sees: plain actions (a thunk's own dispatches come through here too)
  const recorder: Middleware = () => (next) => (action) => {
    if (typeof action === 'object') log.push(action as UnknownAction);
    return next(action);
  };
  const store = makeStore(services, preloadedState, {
    before: [recorder],
    *saga() {
      yield fork(playerSaga);
      yield fork(radioSaga);
    },
  });
  return { store, log, audio: services.audio };
}

describe('a session replays from its actions alone (Redux DevTools)', () => {
  it('queue play, Next, a gapless start, a track end, tune in, a radio item change, a skip and tuning out', async () => {
    const api = mockApi({ 'POST /radio/skip': () => ({ success: true }) });
    try {
      const preloaded = signedInState('admin');
      const { store, log, audio } = recordedStore(preloaded);
      store.dispatch(playerActions.playAllRequested({ tracks: [song(1), song(2), song(3)] }));
      await settle();
      store.dispatch(playerActions.nextRequested());
      await settle();
      // song 3 was planned after song 2: the engine starts it at song 2's end
      audio.startNext();
      await settle();
      audio.emit({ type: 'ended' });
      await settle();
      // the station's next item starts on the engine at its boundary once it is planned
      audio.startNextWhenSet(c2.id);
      store.dispatch(radioActions.stateReceived(live()));
      store.dispatch(radioActions.listenRequested());
      await settle(60);
      store.dispatch(change(c2, C1_END + 4));
      await settle();
      store.dispatch(playerActions.stationSkipRequested());
      await settle();
      store.dispatch(radioActions.stateReceived(live({ currentTrack: c3, startedAt: NOW - 1_000, queue: [] })));
      await settle(60);
      store.dispatch(playerActions.playRequested({ track: song(4) }));
      await settle();

      // the session went where it was meant to
      expect(audio.argsOf('load')).toEqual([[song(1).url], [song(2).url], [c1.url], [c3.url], [song(4).url]]);
      expect(log.filter((a) => playerActions.engineAdvanced.match(a)).map((a) => a.payload.key)).toEqual([song(3).id, c2.id]);
      expect(api.calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /radio/skip');
      const recorded = store.getState();
      expect(recorded.player).toMatchObject({ currentTrack: song(4), source: { kind: 'queue' }, isPlaying: true });
      expect(recorded.radio).toMatchObject({ tunedIn: false, following: null, scheduled: null });

      // a fresh store without sagas, given the same actions, arrives at the same state (the API's middleware only registers itself)
      const replay = configureStore({
        reducer: rootReducer,
        preloadedState: preloaded,
        middleware: (getDefault) => getDefault({ thunk: false, serializableCheck: false, immutableCheck: false }).concat(baseApi.middleware),
      });
      for (const action of log) replay.dispatch(action);
      expect(replay.getState()).toEqual(recorded);
    } finally {
      api.restore();
    }
  });
});
