import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import { initialPlayerState, playerActions, playerSlice, type PlayerState } from '../../shared/player';
import type { PlayerTrack } from '../../shared/player/playerTypes';
import { DEFAULT_NOTIFICATIONS, DEFAULT_PLAYBACK, DEFAULT_PRIVACY, settingsSlice, type SettingsSliceState } from '../../shared/settings';
import { createTestServices, memoryTokenStore } from '../../test/testServices';
import { toastSlice } from '../../ui/toast/toastSlice';
import { playerSaga } from './playerSagas';

const reducer = combineReducers({ player: playerSlice.reducer, settings: settingsSlice.reducer, toasts: toastSlice.reducer });
const track = (n: number): PlayerTrack => ({ id: `song-${n}`, title: `Song ${n}`, artist: 'A', url: `/api/songs/stream/song-${n}`, duration: 120 });
const [t1, t2] = [track(1), track(2)];
const settings = (autoplayNext: boolean): SettingsSliceState => ({
  theme: 'light',
  systemTheme: 'light',
  notifications: DEFAULT_NOTIFICATIONS,
  privacy: DEFAULT_PRIVACY,
  streaming: { autoplayNext },
  playback: DEFAULT_PLAYBACK,
});
const playing: Partial<PlayerState> = { currentTrack: t1, isPlaying: true, playingSongId: t1.id, duration: 120, queue: [t2] };

function run(autoplayNext: boolean, player: Partial<PlayerState> = playing) {
  const services = createTestServices({ tokenStore: memoryTokenStore('token') });
  const saga = expectSaga(playerSaga)
    .withReducer(reducer, { player: { ...initialPlayerState, ...player }, settings: settings(autoplayNext), toasts: [] })
    .provide({ getContext: (key, next) => (key === 'services' ? services : next()) });
  return { saga, services, audio: services.audio };
}

describe('"Autoplay the next track" (docs/product.md §4.4)', () => {
  it('off: the end of a track stops there, the track still shown, paused, its queue kept', async () => {
    const { saga, audio } = run(false);
    const { storeState } = await saga.dispatch(playerActions.trackEnded()).silentRun(30);
    expect(audio.methods()).toEqual([]);
    expect(storeState.player).toMatchObject({ currentTrack: t1, isPlaying: false, queue: [t2] });
  });

  it('off: Next still goes to the next track', async () => {
    const { saga } = run(false);
    const { storeState } = await saga.dispatch(playerActions.nextRequested()).silentRun(30);
    expect(storeState.player).toMatchObject({ currentTrack: t2, isPlaying: true });
  });

  it('on: the end of a track plays the next one', async () => {
    const { saga } = run(true);
    const { storeState } = await saga.dispatch(playerActions.trackEnded()).silentRun(30);
    expect(storeState.player).toMatchObject({ currentTrack: t2, isPlaying: true, history: [t1] });
  });
});

describe('a play that fails offline', () => {
  it('says the network failed (not the format the browser reports), without trying to renew the session', async () => {
    const { saga, services, audio } = run(true, {});
    const refresh = jest.fn(async () => 'renewed');
    services.session = { refresh };
    audio.failLoadWith = 4;
    audio.offline = true;
    const { storeState } = await saga.dispatch(playerActions.playRequested({ track: t1, source: 'search' })).silentRun(30);
    expect(refresh).not.toHaveBeenCalled();
    expect(storeState.player).toMatchObject({ isPlaying: false, error: 'Network error while loading audio' });
    expect((storeState.toasts as { message: string }[]).map((t) => t.message)).toEqual(['Network error while loading audio']);
  });

  it('an error of the element while offline says the network failed too', async () => {
    const { saga, audio } = run(true);
    setTimeout(() => audio.emit({ type: 'error', code: 4, offline: true }), 5);
    const { storeState } = await saga.silentRun(30);
    expect(storeState.player.error).toBe('Network error while loading audio');
  });
});
