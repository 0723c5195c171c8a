import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import { authActions } from '../../shared/session';
import { initialPlayerState, playerActions, playerSlice, type PlayerState, type RestoredPlayer } from '../../shared/player';
import type { PlayerTrack } from '../../shared/player/playerTypes';
import type { KeyValueStore } from '../../services/storage';
import { createTestServices, memoryTokenStore } from '../../test/testServices';
import { toastSlice } from '../../ui/toast/toastSlice';
import { loadSettings, settingsSlice } from '../../shared/settings';
import { playerSaga } from './playerSagas';
import { parseSaved, playerStorageKey, toSaved } from './playerStorage';

const reducer = combineReducers({ player: playerSlice.reducer, settings: settingsSlice.reducer, toasts: toastSlice.reducer });
const track = (n: number): PlayerTrack => ({ id: `song-${n}`, title: `Song ${n}`, artist: 'A', url: `/api/songs/stream/song-${n}`, duration: 200 });
const [t1, t2, t3] = [track(1), track(2), track(3)];
const user = (id: string) => ({ id, username: id, email: `${id}@x.test`, role: 'user' as const, createdAt: '2026-01-01T00:00:00.000Z' });

function memoryStore(entries: Record<string, string> = {}): KeyValueStore & { entries: Record<string, string> } {
  return {
    entries,
    get: (key) => entries[key] ?? null,
    set: (key, value) => {
      entries[key] = value;
    },
    remove: (key) => {
      delete entries[key];
    },
  };
}

const saved = (more: Partial<RestoredPlayer> = {}): RestoredPlayer => ({
  track: t1,
  queue: [t2, t3],
  history: [],
  currentTime: 31.5,
  duration: 200,
  volume: 0.4,
  muted: false,
  ...more,
});

/** `autoplayNext` off: the engine is given no next track, and its calls are only the element's. */
function run(storage: KeyValueStore, player: Partial<PlayerState> = {}, autoplayNext = true) {
  const services = createTestServices({ storage, tokenStore: memoryTokenStore('token') });
  const settings = { ...loadSettings(), streaming: { autoplayNext }, systemTheme: 'light' as const };
  const saga = expectSaga(playerSaga)
    .withReducer(reducer, { player: { ...initialPlayerState, ...player }, settings, toasts: [] })
    .provide({ getContext: (key, next) => (key === 'services' ? services : next()) });
  return { saga, audio: services.audio };
}

describe('the player after a reload (docs/product.md §3.2)', () => {
  it("a sign-in brings back the user's last track, paused at its position, with the queue and the volume", async () => {
    const storage = memoryStore({ [playerStorageKey('u1')]: JSON.stringify(saved()) });
    const { saga, audio } = run(storage);
    const { storeState } = await saga.dispatch(authActions.authenticated(user('u1'))).silentRun(30);
    expect(storeState.player).toMatchObject({ currentTrack: t1, queue: [t2, t3], currentTime: 31.5, isPlaying: false, volume: 0.4, needsLoad: true });
    expect(audio.methods()).toEqual(['setVolume']);
    expect(audio.argsOf('setVolume')).toEqual([[0.4]]);
  });

  it('another account in the same browser does not get it', async () => {
    const storage = memoryStore({ [playerStorageKey('u1')]: JSON.stringify(saved()) });
    const { saga } = run(storage);
    const { storeState } = await saga.dispatch(authActions.authenticated(user('u2'))).silentRun(30);
    expect(storeState.player.currentTrack).toBeNull();
  });

  it('Play resumes the restored track at its position (loading it there), and Next knows the restored queue', async () => {
    const storage = memoryStore({ [playerStorageKey('u1')]: JSON.stringify(saved()) });
    const { saga, audio } = run(storage, {}, false);
    const { storeState } = await saga
      .dispatch(authActions.authenticated(user('u1')))
      .delay(10)
      .dispatch(playerActions.playPauseRequested())
      .delay(10)
      .dispatch(playerActions.nextRequested())
      .silentRun(60);
    expect(audio.methods()).toEqual(['setVolume', 'load', 'seek', 'play', 'load', 'play']);
    expect(audio.argsOf('load')).toEqual([[t1.url], [t2.url]]);
    expect(audio.argsOf('seek')).toEqual([[31.5]]);
    expect(storeState.player).toMatchObject({ currentTrack: t2, queue: [t3], history: [t1], isPlaying: true, volume: 0.4, needsLoad: false });
  });

  it('a track restored at its end plays again from the start, the same song, not the next one (autoplay on or off)', async () => {
    for (const autoplayNext of [true, false]) {
      const storage = memoryStore({ [playerStorageKey('u1')]: JSON.stringify(saved({ currentTime: 200 })) });
      const { saga, audio } = run(storage, {}, autoplayNext);
      const { storeState } = await saga
        .dispatch(authActions.authenticated(user('u1')))
        .delay(10)
        .dispatch(playerActions.togglePlayRequested({ track: t1 }))
        .silentRun(60);
      expect(audio.argsOf('load')).toEqual([[t1.url]]);
      expect(audio.argsOf('seek')).toEqual([]);
      expect(storeState.player).toMatchObject({ currentTrack: t1, queue: [t2, t3], isPlaying: true, needsLoad: false });
    }
  });

  it('a seek on the restored track moves where Play will start, without touching the empty element', async () => {
    const storage = memoryStore({ [playerStorageKey('u1')]: JSON.stringify(saved()) });
    const { saga, audio } = run(storage);
    const { storeState } = await saga
      .dispatch(authActions.authenticated(user('u1')))
      .delay(10)
      .dispatch(playerActions.seekRequested({ seconds: 90 }))
      .silentRun(30);
    expect(audio.argsOf('seek')).toEqual([]);
    expect(storeState.player.currentTime).toBe(90);
  });

  it('keeps the player under the user while it changes, and forgets it (paused) on sign-out', async () => {
    const storage = memoryStore();
    const { saga, audio } = run(storage);
    const { storeState } = await saga
      .dispatch(authActions.authenticated(user('u1')))
      .delay(15)
      .dispatch(playerActions.playAllRequested({ tracks: [t1, t2, t3], source: 'search' }))
      .delay(15)
      .dispatch(playerActions.seekRequested({ seconds: 42 }))
      .delay(15)
      .dispatch(playerActions.volumeChangeRequested({ volume: 0.4 }))
      .delay(15)
      .dispatch(authActions.logoutRequested())
      .silentRun(100);
    expect(parseSaved(storage.get(playerStorageKey('u1')))).toMatchObject({ track: t1, queue: [t2, t3], currentTime: 42, volume: 0.4 });
    expect(audio.methods().at(-1)).toBe('pause');
    expect(storeState.player).toEqual(initialPlayerState);
  });
});

describe('what is kept of the player', () => {
  it('a radio session is not kept as a personal track, only its volume', () => {
    const radio: PlayerState = {
      ...initialPlayerState,
      currentTrack: t1,
      source: { kind: 'radio' as const, itemId: null },
      isPlaying: true,
      currentTime: 50,
      volume: 0.3,
    };
    expect(toSaved(radio)).toEqual({ track: null, queue: [], history: [], currentTime: 0, duration: 0, volume: 0.3, muted: false });
  });

  it('an unreadable or edited entry gives nothing or safe values', () => {
    expect(parseSaved(null)).toBeNull();
    expect(parseSaved('not json')).toBeNull();
    expect(parseSaved(JSON.stringify({ track: { id: 1 }, volume: 7 }))).toMatchObject({ track: null, volume: 1 });
    expect(parseSaved(JSON.stringify({ ...saved(), currentTime: 999, queue: [t2, { bad: true }] }))).toMatchObject({ currentTime: 200, queue: [t2] });
  });
});
