import { combineReducers } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { fork } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { RadioQueueTrack, RadioStateData } from '../../contract/radio';
import type { NextTrackPlan } from '../services/audio/AudioService';
import type { FakeAudioService } from '../services/audio/FakeAudioService';
import { playerSlice } from '../shared/player';
import { DEFAULT_NOTIFICATIONS, DEFAULT_PRIVACY, DEFAULT_STREAMING, settingsActions, settingsSlice, type PlaybackSettings } from '../shared/settings';
import { createTestServices, memoryTokenStore } from '../test/testServices';
import { toastSlice } from '../ui/toast/toastSlice';
import { playerSaga } from '../features/player/playerSagas';
import { radioModeSaga } from '../features/radio/radioModeSagas';
import { radioActions, radioSlice } from '../features/radio/radioSlice';
import { wait } from '../shared/lib/wait';

const reducer = combineReducers({ radio: radioSlice.reducer, player: playerSlice.reducer, settings: settingsSlice.reducer, toasts: toastSlice.reducer });
type Root = ReturnType<typeof reducer>;

const item = (id: string, replayGain?: RadioQueueTrack['replayGain']): RadioQueueTrack => ({
  id,
  songId: `song-${id}`,
  title: `Title ${id}`,
  artist: 'Artist',
  duration: 240,
  addedBy: null,
  addedAt: '2026-01-01T00:00:00.000Z',
  url: `/api/songs/stream/song-${id}?st=x`,
  ...(replayGain ? { replayGain } : {}),
});
// on air: tagged -6 dB (its album -9 dB); next: -3 dB; then an untagged one
const c1 = item('c1', { trackGain: -6, trackPeak: null, albumGain: -9, albumPeak: null });
const c2 = item('c2', { trackGain: -3, trackPeak: null, albumGain: null, albumPeak: null });
const c3 = item('c3');
const NOW = 130_000;
const live: RadioStateData = { queue: [c2, c3], currentTrack: c1, listeners: 1, isRadioActive: true, startedAt: 100_000, serverTime: NOW };
const linear = (db: number) => 10 ** (db / 20);

function* radioAndPlayer(): SagaIterator {
  yield fork(playerSaga);
  yield fork(radioModeSaga);
}

function setup(playback: Partial<PlaybackSettings> = {}) {
  const services = createTestServices({ tokenStore: memoryTokenStore('token'), now: () => NOW });
  const initial: Root = reducer(undefined, { type: '@@init' });
  const settings = {
    ...initial.settings,
    notifications: DEFAULT_NOTIFICATIONS,
    privacy: DEFAULT_PRIVACY,
    streaming: DEFAULT_STREAMING,
    playback: { crossfadeSeconds: 0, replayGainMode: 'auto' as const, preampDb: 0, ...playback },
  };
  const saga = expectSaga(radioAndPlayer)
    .withReducer(reducer, { ...initial, settings })
    // the drift checks never end within a test
    .provide([
      [matchers.call.fn(wait), new Promise(() => {})],
      [matchers.getContext('services'), services],
    ]);
  return { saga, audio: services.audio as FakeAudioService, settings };
}

const nextGains = (audio: FakeAudioService) => audio.argsOf('setNext').map(([plan]) => (plan as NextTrackPlan | null)?.gain);

/** docs/product.md §2.14: the radio plays each track at its ReplayGain level, as the queue does. */
describe('ReplayGain in the web radio', () => {
  it('tuning in to a track tagged -6 dB plays it at -6 dB, and the next item is planned at its own gain', async () => {
    const { saga, audio } = setup();
    const { storeState } = await saga.delay(5).dispatch(radioActions.stateReceived(live)).delay(10).dispatch(radioActions.listenRequested()).silentRun(200);
    expect(storeState.player).toMatchObject({ currentTrack: { id: 'song-c1' }, source: { kind: 'radio' }, isPlaying: true });
    expect(storeState.player.plan.gain).toBeCloseTo(linear(-6), 6);
    // told the engine before the track started playing
    expect(audio.argsOf('setTrackGain')).toEqual([[storeState.player.plan.gain]]);
    expect(audio.calls.findIndex((c) => c.method === 'setTrackGain')).toBeLessThan(audio.calls.findIndex((c) => c.method === 'play'));
    expect(nextGains(audio)).toEqual([linear(-3)]);
  });

  it("honours the listener's ReplayGain setting: album mode, the preamp, and off", async () => {
    const cases: [Partial<PlaybackSettings>, number, number][] = [
      [{ replayGainMode: 'album' }, linear(-9), linear(-3)],
      [{ replayGainMode: 'track', preampDb: 3 }, linear(-3), linear(0)],
      [{ replayGainMode: 'off' }, 1, 1],
    ];
    for (const [playback, current, next] of cases) {
      const { saga, audio } = setup(playback);
      const { storeState } = await saga.delay(5).dispatch(radioActions.stateReceived(live)).delay(10).dispatch(radioActions.listenRequested()).silentRun(200);
      expect({ playback, current: storeState.player.plan.gain, next: nextGains(audio) }).toEqual({
        playback,
        current: expect.closeTo(current, 6),
        next: [expect.closeTo(next, 6)],
      });
    }
  });

  it('a ReplayGain setting saved while listening applies to the track on air and re-plans the next one', async () => {
    const { saga, audio, settings } = setup();
    const { storeState } = await saga
      .delay(5)
      .dispatch(radioActions.stateReceived(live))
      .delay(10)
      .dispatch(radioActions.listenRequested())
      .delay(100)
      .dispatch(settingsActions.saved({ ...settings, playback: { ...settings.playback, replayGainMode: 'off' } }))
      .silentRun(300);
    expect(storeState.player.plan.gain).toBe(1);
    expect(audio.argsOf('setTrackGain')).toEqual([[linear(-6)], [1]]);
    expect(nextGains(audio)).toEqual([linear(-3), 1]);
  });
});
