import { combineReducers } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { fork } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { RadioQueueTrack, RadioStateData } from '../../contract/radio';
import type { NextTrackPlan } from '../services/audio/AudioService';
import type { FakeAudioService } from '../services/audio/FakeAudioService';
import { playerActions, playerSlice } from '../shared/player';
import { createTestServices, memoryTokenStore } from '../test/testServices';
import { toastSlice } from '../ui/toast/toastSlice';
import { playerSaga } from '../features/player/playerSagas';
import { radioModeSaga } from '../features/radio/radioModeSagas';
import { radioActions, radioSlice } from '../features/radio/radioSlice';
import { wait } from '../shared/lib/wait';

const reducer = combineReducers({ radio: radioSlice.reducer, player: playerSlice.reducer, toasts: toastSlice.reducer });
type Root = ReturnType<typeof reducer>;
const initial = (): Root => reducer(undefined, { type: '@@init' });

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
// the server clock runs 2 s ahead; c1 started at 100,000 (server), it is 130,000 (server) now: 30 s in
const OFFSET = 2_000;
const NOW = 128_000;
const C1_END = 100_000 + 240_000;
const live = (more: Partial<RadioStateData> = {}): RadioStateData => ({
  queue: [c2, c3],
  currentTrack: c1,
  listeners: 2,
  isRadioActive: true,
  startedAt: 100_000,
  serverTime: NOW + OFFSET,
  ...more,
});
const change = (current: RadioQueueTrack, startedAt: number) =>
  radioActions.trackChanged({ currentTrack: current, isRadioActive: true, startedAt, serverTime: startedAt });
const boundaryPlan = (next: RadioQueueTrack, serverBoundary: number): NextTrackPlan => ({
  key: next.id,
  url: next.url,
  gain: 1,
  crossfadeSeconds: 0,
  startAtMs: serverBoundary - OFFSET,
  offsetSeconds: 0,
});

function* radioAndPlayer(): SagaIterator {
  yield fork(playerSaga);
  yield fork(radioModeSaga);
}

function setup() {
  const services = createTestServices({ tokenStore: memoryTokenStore('token'), now: () => NOW });
  const state = { ...initial(), radio: { ...initial().radio, clockOffsetMs: OFFSET } };
  const saga = expectSaga(radioAndPlayer)
    .withReducer(reducer, state)
    // the drift checks and the hand-over's wait never end within a test
    .provide([
      [matchers.getContext('services'), services],
      [matchers.call.fn(wait), new Promise(() => {})],
    ]);
  return { saga, audio: services.audio as FakeAudioService };
}
// expectSaga's delays count from the start: each action is sent at its own time, so the sagas meet it in the state it was sent in
const radioPlays = (effects: { put?: { payload: { action: { type: string; payload: { track: { id: string } } } } }[] }) =>
  (effects.put ?? []).filter((e) => e.payload.action.type === playerActions.radioPlayRequested.type).map((e) => e.payload.action.payload.track.id);

/** The radio and player sagas together with FakeAudioService: the station's track change through the engine. */
describe('radio through the engine (docs/product.md §2.14)', () => {
  it("plans the station's next item at its boundary; the engine starts it, and the server's track change then loads nothing", async () => {
    const { saga, audio } = setup();
    audio.startNextWhenSet(c2.id);
    const { storeState, effects } = await saga
      .delay(5)
      .dispatch(radioActions.stateReceived(live()))
      .delay(10)
      .dispatch(radioActions.listenRequested())
      .delay(150)
      // the server's own change, 4 ms after the boundary, then its queue without c2
      .dispatch(change(c2, C1_END + 4))
      .delay(160)
      .dispatch(radioActions.stateReceived(live({ currentTrack: c2, startedAt: C1_END + 4, queue: [c3] })))
      .not.put.like({ action: { type: playerActions.trackStarted.type } })
      .silentRun(400);
    expect(audio.argsOf('load')).toEqual([[c1.url]]);
    expect(radioPlays(effects as never)).toEqual(['song-c1']);
    expect(storeState.player).toMatchObject({ currentTrack: { id: 'song-c2' }, source: { kind: 'radio' }, isPlaying: true });
    // c2's own end, from the start time the server gave it
    expect(audio.argsOf('setNext')).toEqual([[boundaryPlan(c2, C1_END)], [boundaryPlan(c3, C1_END + 4 + 180_000)]]);
  });

  it('a track change announced a moment before the boundary waits for the engine instead of loading', async () => {
    const { saga, audio } = setup();
    setTimeout(() => audio.startNext(), 250);
    const { storeState, effects } = await saga
      .delay(5)
      .dispatch(radioActions.stateReceived(live()))
      .delay(10)
      .dispatch(radioActions.listenRequested())
      .delay(150)
      .dispatch(change(c2, C1_END - 3))
      .silentRun(400);
    expect(audio.argsOf('load')).toEqual([[c1.url]]);
    expect(radioPlays(effects as never)).toEqual(['song-c1']);
    expect(storeState.player.currentTrack?.id).toBe('song-c2');
  });

  it('an announced track the engine does not start (the current one ends with nothing after it) is loaded then', async () => {
    const { saga, audio } = setup();
    setTimeout(() => audio.emit({ type: 'ended' }), 250);
    const { storeState, effects } = await saga
      .delay(5)
      .dispatch(radioActions.stateReceived(live()))
      .delay(10)
      .dispatch(radioActions.listenRequested())
      .delay(150)
      .dispatch(change(c2, C1_END - 3))
      .silentRun(400);
    expect(radioPlays(effects as never)).toEqual(['song-c1', 'song-c2']);
    expect(audio.argsOf('load')).toEqual([[c1.url], [c2.url]]);
    expect(audio.argsOf('setNext')).toEqual([[boundaryPlan(c2, C1_END)], [null], [boundaryPlan(c3, C1_END - 3 + 180_000)]]);
    expect(storeState.player).toMatchObject({ currentTrack: { id: 'song-c2' }, source: { kind: 'radio' }, isPlaying: true });
  });

  it('a skip drops the plan and plays the new item as before (loaded at the live position), then plans after it', async () => {
    const { saga, audio } = setup();
    const { effects } = await saga
      .delay(5)
      .dispatch(radioActions.stateReceived(live()))
      .delay(10)
      .dispatch(radioActions.listenRequested())
      .delay(40)
      .dispatch(change(c2, NOW + OFFSET - 1_000))
      .silentRun(400);
    expect(radioPlays(effects as never)).toEqual(['song-c1', 'song-c2']);
    expect(audio.argsOf('load')).toEqual([[c1.url], [c2.url]]);
    // 1 s in: the load is followed by a seek to the live position
    expect(audio.argsOf('seek')).toEqual([[30], [1]]);
    expect(audio.argsOf('setNext')).toEqual([[boundaryPlan(c2, C1_END)], [null], [boundaryPlan(c3, NOW + OFFSET - 1_000 + 180_000)]]);
  });

  it('a reordered queue plans the new next item; an empty one plans none; leaving the radio clears it', async () => {
    const { saga, audio } = setup();
    await saga
      .delay(5)
      .dispatch(radioActions.stateReceived(live()))
      .delay(10)
      .dispatch(radioActions.listenRequested())
      .delay(50)
      .dispatch(radioActions.stateReceived(live({ queue: [c3, c2] })))
      .delay(60)
      .dispatch(radioActions.stateReceived(live({ queue: [] })))
      .delay(70)
      .dispatch(radioActions.stateReceived(live({ queue: [c2] })))
      .delay(80)
      .dispatch(playerActions.playRequested({ track: { id: 'own', title: 'Own', artist: 'Me', url: '/own', duration: 60 } }))
      .silentRun(400);
    expect(audio.argsOf('setNext')).toEqual([[boundaryPlan(c2, C1_END)], [boundaryPlan(c3, C1_END)], [null], [boundaryPlan(c2, C1_END)], [null]]);
  });

  it('plans nothing while the listener has paused the radio', async () => {
    const { saga, audio } = setup();
    await saga
      .delay(5)
      .dispatch(radioActions.stateReceived(live()))
      .delay(10)
      .dispatch(radioActions.listenRequested())
      .delay(50)
      .dispatch(playerActions.pauseRequested())
      .delay(70)
      .dispatch(playerActions.resumeRequested())
      .silentRun(400);
    expect(audio.argsOf('setNext')).toEqual([[boundaryPlan(c2, C1_END)], [null], [boundaryPlan(c2, C1_END)]]);
  });
});
