import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import { FakeAudioService, notAllowedError } from '../../services/audio/FakeAudioService';
import { createTestServices, memoryTokenStore } from '../../test/testServices';
import { authSlice } from '../../shared/session';
import { toastSlice } from '../../ui/toast/toastSlice';
import { playerSaga } from './playerSagas';
import { initialPlayerState, playerActions, playerSlice, type PlayerState } from '../../shared/player/playerSlice';
import type { PlayerTrack } from '../../shared/player/playerTypes';

const reducer = combineReducers({ player: playerSlice.reducer, toasts: toastSlice.reducer });

const track = (n: number, extra: Partial<PlayerTrack> = {}): PlayerTrack => ({
  id: `song-${n}`,
  title: `Song ${n}`,
  artist: `Artist ${n}`,
  url: `/api/songs/stream/song-${n}?st=t${n}`,
  duration: 120,
  ...extra,
});
const [t1, t2, t3, t4] = [track(1), track(2), track(3), track(4)];

function setup(token: string | null = 'access-token') {
  const services = createTestServices({ tokenStore: memoryTokenStore(token) });
  // the clock stands still (a radio start adds the time its load took to the live offset)
  services.now = () => 1_000;
  return { services, audio: services.audio as FakeAudioService };
}

function run(services: ReturnType<typeof setup>['services'], player: Partial<PlayerState> = {}) {
  return expectSaga(playerSaga)
    .withReducer(reducer, { player: { ...initialPlayerState, ...player }, toasts: [] })
    .provide({ getContext: (key, next) => (key === 'services' ? services : next()) });
}

const playing = (t: PlayerTrack, more: Partial<PlayerState> = {}): Partial<PlayerState> => ({
  currentTrack: t,
  isPlaying: true,
  playingSongId: t.id,
  duration: t.duration,
  ...more,
});

const toastMessages = (state: ReturnType<typeof reducer>) => state.toasts.map((t) => t.message);

describe('playing a song', () => {
  it('loads it, then sets the current song, the playing flag and the playing id, and counts a play', async () => {
    const { services, audio } = setup();
    const { storeState } = await run(services)
      .dispatch(playerActions.playRequested({ track: t1, source: 'search' }))
      .put(playerActions.trackStarted({ track: t1, source: 'search' }))
      .silentRun(50);
    expect(audio.methods()).toEqual(['load', 'play']);
    expect(audio.argsOf('load')).toEqual([[t1.url]]);
    expect(storeState.player).toMatchObject({ currentTrack: t1, isPlaying: true, playingSongId: t1.id, isLoading: false, error: null, duration: 180 });
  });

  it("needs a stored token: 'Authentication required'", async () => {
    const { services, audio } = setup(null);
    const { storeState } = await run(services)
      .dispatch(playerActions.playRequested({ track: t1 }))
      .not.put.like({ action: { type: playerActions.trackStarted.type } })
      .silentRun(50);
    expect(audio.methods()).toEqual([]);
    expect(storeState.player).toMatchObject({ isPlaying: false, playingSongId: null, error: 'Authentication required' });
    expect(toastMessages(storeState)).toEqual(['Authentication required']);
  });

  it("refuses an empty URL at the audio service: 'No audio URL provided'", async () => {
    const { services, audio } = setup();
    audio.load = async () => {
      throw new Error('No audio URL provided');
    };
    const { storeState } = await run(services)
      .dispatch(playerActions.playRequested({ track: t1 }))
      .silentRun(50);
    expect(storeState.player).toMatchObject({ isPlaying: false, playingSongId: null, error: 'No audio URL provided' });
  });

  it.each([
    [1, 'Playback aborted by user'],
    [2, 'Network error while loading audio'],
    [3, 'Audio decoding error'],
    [4, 'Audio format not supported'],
    [0, 'Failed to load track'],
  ])('maps a load failure with media error %d to %p; playing is false and the id cleared', async (code, message) => {
    const { services, audio } = setup();
    audio.failLoadWith = code;
    const { storeState } = await run(services, playing(t2))
      .dispatch(playerActions.playRequested({ track: t1 }))
      .not.put.like({ action: { type: playerActions.trackStarted.type } })
      .silentRun(50);
    expect(audio.methods()).toEqual(['load']);
    expect(storeState.player).toMatchObject({ isPlaying: false, playingSongId: null, isLoading: false, error: message });
    expect(toastMessages(storeState)).toEqual([message]);
  });

  it('renews the session once (which re-sets the stream cookie) when a stream is refused, then plays', async () => {
    const { services, audio } = setup();
    const refresh = jest.fn(async () => 'renewed-token');
    services.session = { refresh };
    audio.failLoadWith = 4;
    const realLoad = audio.load.bind(audio);
    audio.load = async (url: string) => {
      try {
        await realLoad(url);
      } finally {
        audio.failLoadWith = null; // the second try finds a fresh cookie
      }
    };
    const { storeState } = await run(services)
      .dispatch(playerActions.playRequested({ track: t1 }))
      .put(playerActions.trackStarted({ track: t1, source: 'library' }))
      .silentRun(50);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(audio.argsOf('load')).toEqual([[t1.url], [t1.url]]);
    expect(storeState.player).toMatchObject({ currentTrack: t1, isPlaying: true, error: null });
  });

  it('does not retry a refused stream when the session cannot be renewed', async () => {
    const { services, audio } = setup();
    audio.failLoadWith = 4;
    const { storeState } = await run(services)
      .dispatch(playerActions.playRequested({ track: t1 }))
      .silentRun(50);
    expect(audio.methods()).toEqual(['load']);
    expect(storeState.player).toMatchObject({ isPlaying: false, error: 'Audio format not supported' });
  });

  it("reports 'Failed to play track' when play() fails for another reason than autoplay", async () => {
    const { services, audio } = setup();
    audio.failPlayWith = new Error('boom');
    const { storeState } = await run(services)
      .dispatch(playerActions.playRequested({ track: t1 }))
      .silentRun(50);
    expect(storeState.player).toMatchObject({ isPlaying: false, playingSongId: null, error: 'Failed to play track' });
  });

  it('keeps the queue when one song is played, and puts the current one in history', async () => {
    const { services } = setup();
    const { storeState } = await run(services, playing(t1, { queue: [t3] }))
      .dispatch(playerActions.playRequested({ track: t2 }))
      .silentRun(50);
    expect(storeState.player).toMatchObject({ currentTrack: t2, queue: [t3], history: [t1] });
  });
});

describe('blocked autoplay', () => {
  it("enters the 'requires interaction' state, and the next click anywhere resumes and counts the play", async () => {
    const { services, audio } = setup();
    audio.failPlayWith = notAllowedError();
    setTimeout(() => (audio.failPlayWith = null), 20);
    const { storeState } = await run(services)
      .dispatch(playerActions.playRequested({ track: t1, source: 'search' }))
      .delay(40)
      .dispatch(playerActions.userInteracted())
      .put(playerActions.interactionRequired({ message: 'Click anywhere to start playback' }))
      .put(playerActions.trackStarted({ track: t1, source: 'search' }))
      .silentRun(80);
    expect(audio.methods()).toEqual(['load', 'play', 'play']);
    expect(storeState.player).toMatchObject({ currentTrack: t1, isPlaying: true, playingSongId: t1.id, requiresInteraction: false, error: null });
  });

  it('stays waiting, without counting a play, before any click', async () => {
    const { services, audio } = setup();
    audio.failPlayWith = notAllowedError();
    const { storeState } = await run(services)
      .dispatch(playerActions.playRequested({ track: t1 }))
      .not.put.like({ action: { type: playerActions.trackStarted.type } })
      .silentRun(50);
    expect(storeState.player).toMatchObject({
      currentTrack: t1,
      isPlaying: false,
      playingSongId: null,
      requiresInteraction: true,
      error: 'Click anywhere to start playback',
    });
  });

  it('ignores clicks when nothing waits for one', async () => {
    const { services, audio } = setup();
    await run(services, playing(t1, { isPlaying: false, playingSongId: null }))
      .dispatch(playerActions.userInteracted())
      .silentRun(30);
    expect(audio.methods()).toEqual([]);
  });
});

describe('toggling', () => {
  it('pauses the current song, resumes it without counting another play, and plays another song', async () => {
    const { services, audio } = setup();
    const { storeState } = await run(services, playing(t1))
      .dispatch(playerActions.togglePlayRequested({ track: t1 }))
      .delay(10)
      .dispatch(playerActions.togglePlayRequested({ track: t1 }))
      .delay(10)
      .dispatch(playerActions.togglePlayRequested({ track: t2, source: 'search' }))
      .put(playerActions.trackStarted({ track: t2, source: 'search' }))
      .not.put(playerActions.trackStarted({ track: t1, source: 'library' }))
      .silentRun(80);
    expect(audio.methods()).toEqual(['pause', 'play', 'load', 'play']);
    expect(storeState.player).toMatchObject({ currentTrack: t2, isPlaying: true, playingSongId: t2.id, history: [t1] });
  });

  it("reports 'Failed to play audio. Please try again.' when resuming fails", async () => {
    const { services, audio } = setup();
    audio.failPlayWith = new Error('decode');
    const { storeState } = await run(services, playing(t1, { isPlaying: false, playingSongId: null }))
      .dispatch(playerActions.playPauseRequested())
      .silentRun(30);
    expect(storeState.player.error).toBe('Failed to play audio. Please try again.');
  });
});

describe('the queue', () => {
  it('playing several replaces the queue: the first plays, the rest are queued', async () => {
    const { services, audio } = setup();
    const { storeState } = await run(services, playing(t4, { queue: [track(9)] }))
      .dispatch(playerActions.playAllRequested({ tracks: [t1, t2, t3], source: 'playlist' }))
      .put(playerActions.trackStarted({ track: t1, source: 'playlist' }))
      .silentRun(50);
    expect(audio.argsOf('load')).toEqual([[t1.url]]);
    expect(storeState.player).toMatchObject({ currentTrack: t1, queue: [t2, t3], isPlaying: true });
  });

  it('starts from startIndex, keeping the earlier tracks for Previous', async () => {
    const { services } = setup();
    const { storeState } = await run(services)
      .dispatch(playerActions.playAllRequested({ tracks: [t1, t2, t3], startIndex: 1 }))
      .silentRun(50);
    expect(storeState.player).toMatchObject({ currentTrack: t2, queue: [t3], history: [t1] });
  });

  it("says 'Failed to start playlist playback. Please try again.' for nothing to play", async () => {
    const { services, audio } = setup();
    const { storeState } = await run(services)
      .dispatch(playerActions.playAllRequested({ tracks: [] }))
      .silentRun(30);
    expect(audio.methods()).toEqual([]);
    expect(toastMessages(storeState)).toEqual(['Failed to start playlist playback. Please try again.']);
  });

  it('plays the next queued track when one ends, counting it', async () => {
    const { services, audio } = setup();
    const { storeState } = await run(services, playing(t1, { queue: [t2, t3] }))
      .dispatch(playerActions.trackEnded())
      .put(playerActions.trackStarted({ track: t2, source: 'player' }))
      .silentRun(50);
    expect(audio.argsOf('load')).toEqual([[t2.url]]);
    expect(storeState.player).toMatchObject({ currentTrack: t2, queue: [t3], history: [t1], isPlaying: true });
  });

  it('the audio element ending a track reaches the queue through the event channel', async () => {
    const { services, audio } = setup();
    setTimeout(() => audio.emit({ type: 'ended' }), 10);
    const { storeState } = await run(services, playing(t1, { queue: [t2] })).silentRun(50);
    expect(storeState.player.currentTrack).toEqual(t2);
  });

  it('stops at the end of the queue', async () => {
    const { services, audio } = setup();
    const { storeState } = await run(services, playing(t1)).dispatch(playerActions.trackEnded()).silentRun(30);
    expect(audio.methods()).toEqual([]);
    expect(storeState.player).toMatchObject({ currentTrack: t1, isPlaying: false });
  });

  it('Next plays the next queued track', async () => {
    const { services } = setup();
    const { storeState } = await run(services, playing(t1, { queue: [t2] }))
      .dispatch(playerActions.nextRequested())
      .silentRun(30);
    expect(storeState.player).toMatchObject({ currentTrack: t2, queue: [], history: [t1] });
  });

  it('Previous restarts the track when more than 3 s in', async () => {
    const { services, audio } = setup();
    audio.time = 3.5;
    const { storeState } = await run(services, playing(t2, { history: [t1], currentTime: 3.5 }))
      .dispatch(playerActions.previousRequested())
      .silentRun(30);
    expect(audio.methods()).toEqual(['seek']);
    expect(audio.argsOf('seek')).toEqual([[0]]);
    expect(storeState.player).toMatchObject({ currentTrack: t2, currentTime: 0, history: [t1] });
  });

  it('Previous goes to the previous track within the first 3 s', async () => {
    const { services, audio } = setup();
    audio.time = 2.9;
    const { storeState } = await run(services, playing(t2, { history: [t1], queue: [t3] }))
      .dispatch(playerActions.previousRequested())
      .silentRun(30);
    expect(audio.argsOf('load')).toEqual([[t1.url]]);
    expect(storeState.player).toMatchObject({ currentTrack: t1, history: [], queue: [t2, t3] });
  });
});

describe('seek and volume', () => {
  it('seeks only within 0..duration', async () => {
    const { services, audio } = setup();
    const { storeState } = await run(services, playing(t1, { duration: 100 }))
      .dispatch(playerActions.seekRequested({ seconds: 42 }))
      .dispatch(playerActions.seekRequested({ seconds: -1 }))
      .dispatch(playerActions.seekRequested({ seconds: 100.5 }))
      .dispatch(playerActions.seekRequested({ seconds: 100 }))
      .dispatch(playerActions.seekRequested({ seconds: Number.NaN }))
      .silentRun(30);
    expect(audio.argsOf('seek')).toEqual([[42], [100]]);
    expect(storeState.player.currentTime).toBe(100);
  });

  it('clamps the volume to 0..1 (default 1) and mutes', async () => {
    const { services, audio } = setup();
    expect(initialPlayerState.volume).toBe(1);
    const { storeState } = await run(services)
      .dispatch(playerActions.volumeChangeRequested({ volume: 1.7 }))
      .dispatch(playerActions.volumeChangeRequested({ volume: -0.2 }))
      .dispatch(playerActions.volumeChangeRequested({ volume: 0.4 }))
      .dispatch(playerActions.muteToggleRequested())
      .silentRun(30);
    expect(audio.argsOf('setVolume')).toEqual([[1], [0], [0.4]]);
    expect(audio.argsOf('setMuted')).toEqual([[true]]);
    expect(storeState.player).toMatchObject({ volume: 0.4, isMuted: true });
  });

  it('raising the volume unmutes', async () => {
    const { services, audio } = setup();
    const { storeState } = await run(services, { isMuted: true, volume: 0.5 })
      .dispatch(playerActions.volumeChangeRequested({ volume: 0.8 }))
      .silentRun(30);
    expect(audio.argsOf('setMuted')).toEqual([[false]]);
    expect(storeState.player).toMatchObject({ volume: 0.8, isMuted: false });
  });
});

describe('audio element events', () => {
  it('track time, buffering, duration and media errors with the product messages', async () => {
    const { services, audio } = setup();
    setTimeout(() => {
      audio.emit({ type: 'timeupdate', currentTime: 12.5 });
      audio.emit({ type: 'loadeddata', duration: 99 });
      audio.emit({ type: 'waiting' });
    }, 5);
    const buffering = await run(services, playing(t1)).silentRun(30);
    expect(buffering.storeState.player).toMatchObject({ currentTime: 12.5, duration: 99, isBuffering: true });

    setTimeout(() => {
      audio.emit({ type: 'waiting' });
      audio.emit({ type: 'canplay' });
      audio.emit({ type: 'error', code: 3 });
    }, 5);
    const failed = await run(services, playing(t1)).silentRun(30);
    expect(failed.storeState.player).toMatchObject({ isBuffering: false, isPlaying: false, playingSongId: null, error: 'Audio decoding error' });
  });

  it('follows a pause that came from outside (e.g. the operating system)', async () => {
    const { services, audio } = setup();
    setTimeout(() => audio.emit({ type: 'pause' }), 5);
    const { storeState } = await run(services, playing(t1)).silentRun(30);
    expect(storeState.player.isPlaying).toBe(false);
  });
});

describe('radio mode', () => {
  it('loads the track, seeks to the live offset once known and plays, leaving the queue alone and counting nothing', async () => {
    const { services, audio } = setup();
    const { storeState } = await run(services, playing(t1, { queue: [t3] }))
      .dispatch(playerActions.radioPlayRequested({ track: t2, offsetSeconds: 17 }))
      .not.put.like({ action: { type: playerActions.trackStarted.type } })
      .silentRun(50);
    expect(audio.methods()).toEqual(['load', 'seek', 'play']);
    expect(audio.argsOf('seek')).toEqual([[17]]);
    expect(storeState.player).toMatchObject({ currentTrack: t2, source: { kind: 'radio' }, isPlaying: true, queue: [t3] });
  });

  it('disables seek, previous, next and the queue advance; a sync seeks', async () => {
    const { services, audio } = setup();
    const { storeState } = await run(services, playing(t2, { source: { kind: 'radio' as const, itemId: null }, queue: [t3], history: [t1], duration: 120 }))
      .dispatch(playerActions.seekRequested({ seconds: 10 }))
      .dispatch(playerActions.previousRequested())
      .dispatch(playerActions.nextRequested())
      .dispatch(playerActions.trackEnded())
      .dispatch(playerActions.radioSyncRequested({ offsetSeconds: 33 }))
      .silentRun(50);
    expect(audio.methods()).toEqual(['seek']);
    expect(audio.argsOf('seek')).toEqual([[33]]);
    expect(storeState.player).toMatchObject({ currentTrack: t2, queue: [t3], history: [t1], source: { kind: 'radio' } });
  });

  it('a sync outside radio mode does nothing', async () => {
    const { services, audio } = setup();
    await run(services, playing(t1))
      .dispatch(playerActions.radioSyncRequested({ offsetSeconds: 33 }))
      .silentRun(30);
    expect(audio.methods()).toEqual([]);
  });

  it('the same radio track again only follows the live position', async () => {
    const { services, audio } = setup();
    await run(services, playing(t2, { source: { kind: 'radio' as const, itemId: null } }))
      .dispatch(playerActions.radioPlayRequested({ track: t2, offsetSeconds: 40 }))
      .silentRun(30);
    expect(audio.methods()).toEqual(['seek']);
  });

  it('when the radio stops, radio mode ends and playback pauses', async () => {
    const { services, audio } = setup();
    const { storeState } = await run(services, playing(t2, { source: { kind: 'radio' as const, itemId: null } }))
      .dispatch(playerActions.radioStopped())
      .silentRun(30);
    expect(audio.methods()).toEqual(['pause']);
    expect(storeState.player).toMatchObject({ source: { kind: 'queue' }, isPlaying: false });
  });

  it('playing a library song leaves radio mode and counts the play', async () => {
    const { services } = setup();
    const { storeState } = await run(services, playing(t2, { source: { kind: 'radio' as const, itemId: null } }))
      .dispatch(playerActions.playRequested({ track: t1, source: 'search' }))
      .put(playerActions.trackStarted({ track: t1, source: 'search' }))
      .silentRun(50);
    expect(storeState.player).toMatchObject({ currentTrack: t1, source: { kind: 'queue' as const } });
  });
});

describe('the event channel', () => {
  it('unsubscribes from the audio service when the saga is cancelled', async () => {
    const { services, audio } = setup();
    await run(services).silentRun(10);
    expect(audio.listenerCount).toBe(0);
  });
});

describe('one skip path: Next in radio mode', () => {
  const withAuth = combineReducers({ player: playerSlice.reducer, toasts: toastSlice.reducer, auth: authSlice.reducer });
  const state = (role: 'user' | 'admin', isRadioMode: boolean) => ({
    ...withAuth(undefined, { type: 'init' }),
    player: {
      ...initialPlayerState,
      ...playing(t1, { queue: [t2] }),
      source: isRadioMode ? { kind: 'radio' as const, itemId: null } : { kind: 'queue' as const },
    },
    auth: {
      user: { id: 'u1', username: role, email: `${role}@example.test`, role, createdAt: '2026-01-01T00:00:00.000Z' },
      isAuthenticated: true,
      isLoading: false,
      error: null,
    },
  });
  const runAs = (role: 'user' | 'admin', isRadioMode: boolean) =>
    expectSaga(playerSaga)
      .withReducer(withAuth, state(role, isRadioMode))
      .provide({ getContext: (key, next) => (key === 'services' ? setup().services : next()) })
      .dispatch(playerActions.nextRequested());

  it("is an admin's skip", async () => {
    await runAs('admin', true).put(playerActions.stationSkipRequested()).silentRun(30);
  });

  it('is nothing for a listener, nor outside radio mode', async () => {
    await runAs('user', true).not.put(playerActions.stationSkipRequested()).silentRun(30);
    await runAs('admin', false).not.put(playerActions.stationSkipRequested()).silentRun(30);
  });
});
