import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import type { NextTrackPlan } from '../../services/audio/AudioService';
import type { FakeAudioService } from '../../services/audio/FakeAudioService';
import { initialPlayerState, playerActions, playerSlice, type PlayerState, type PlayerTrack } from '../../shared/player';
import { loadSettings, settingsActions, settingsSlice, type PlaybackSettings, type SettingsState } from '../../shared/settings';
import { createTestServices, memoryTokenStore } from '../../test/testServices';
import { toastSlice } from '../../ui/toast/toastSlice';
import { playerSaga } from './playerSagas';
import { PREPARE_GRACE_MS } from './prepareSaga';

const combined = combineReducers({ player: playerSlice.reducer, settings: settingsSlice.reducer, toasts: toastSlice.reducer });
/** the plays counted, as the store saw them (each trackStarted reaching it) */
let playsCounted: PlayerTrack[] = [];
const reducer: typeof combined = (state, action) => {
  if (playerActions.trackStarted.match(action)) playsCounted.push(action.payload.track);
  return combined(state, action);
};
beforeEach(() => {
  playsCounted = [];
});

const track = (n: number, extra: Partial<PlayerTrack> = {}): PlayerTrack => ({
  id: `song-${n}`,
  title: `Song ${n}`,
  artist: 'A',
  url: `/api/songs/stream/song-${n}?st=t${n}`,
  duration: 120,
  ...extra,
});
const [a, b, c] = [track(1), track(2), track(3)];
const ofAlbum = (n: number, trackNumber: number) => track(n, { albumId: 'album-1', discNumber: 1, trackNumber });
const plan = (t: PlayerTrack, more: Partial<NextTrackPlan> = {}): NextTrackPlan => ({ key: t.id, url: t.url, gain: 1, crossfadeSeconds: 0, ...more });

function setup(
  playback: Partial<PlaybackSettings> = {},
  streaming = { autoplayNext: true },
  player: Partial<PlayerState> = {},
  urls: Record<string, string> = {},
) {
  const services = createTestServices({ tokenStore: memoryTokenStore('token') });
  const base = loadSettings();
  const settings = { ...base, streaming, playback: { ...base.playback, ...playback }, systemTheme: 'light' as const };
  const saga = expectSaga(playerSaga)
    .withReducer(reducer, { player: { ...initialPlayerState, ...player }, settings, toasts: [] })
    .provide({
      getContext: (key, next) => (key === 'services' ? services : next()),
      // the song's stream URL, as GET /songs/:id would answer it
      call: (effect, next) => (effect.fn.name === 'fetchPublicUrl' ? (urls[effect.args[0] as string] ?? '') : next()),
    });
  return { saga, services, audio: services.audio as FakeAudioService, settings };
}
const later = (fn: () => void, ms: number) => setTimeout(fn, ms);
const saveSettings = (settings: SettingsState, change: Partial<SettingsState>) => settingsActions.saved({ ...settings, ...change });

describe('prepare on intent (docs/product.md §2.14)', () => {
  it('a pointer over a Play control prepares its track; leaving cancels it after the grace; no play is counted', async () => {
    const { saga, audio } = setup();
    const { storeState } = await saga
      .dispatch(playerActions.prepareRequested({ track: a }))
      .delay(10)
      .dispatch(playerActions.prepareCancelled({ track: a }))
      .delay(PREPARE_GRACE_MS / 2)
      .not.put.like({ action: { type: playerActions.trackLoading.type } })
      .silentRun(PREPARE_GRACE_MS + 150);
    expect(playsCounted).toEqual([]);
    expect(audio.calls).toEqual([
      { method: 'prepare', args: [a.url] },
      { method: 'cancelPrepare', args: [a.url] },
    ]);
    expect(audio.prepared).toEqual([]);
    expect(storeState.player.currentTrack).toBeNull();
  });

  it('is not cancelled before the grace is over', async () => {
    const { saga, audio } = setup();
    later(() => expect(audio.methods()).toEqual(['prepare']), PREPARE_GRACE_MS - 100);
    await saga
      .dispatch(playerActions.prepareRequested({ track: a }))
      .dispatch(playerActions.prepareCancelled({ track: a }))
      .silentRun(PREPARE_GRACE_MS + 100);
    expect(audio.methods()).toEqual(['prepare', 'cancelPrepare']);
  });

  it('a click within the grace plays the prepared track: nothing is cancelled, the play counted once', async () => {
    const { saga, audio } = setup();
    await saga
      .dispatch(playerActions.prepareRequested({ track: a }))
      .dispatch(playerActions.prepareCancelled({ track: a }))
      .delay(50)
      .dispatch(playerActions.playRequested({ track: a, source: 'library' }))
      // (expectSaga's delays count from the start)
      .delay(PREPARE_GRACE_MS + 100)
      // the pointer leaves the playing track's control: its load owns the request
      .dispatch(playerActions.prepareCancelled({ track: a }))
      .silentRun(2 * PREPARE_GRACE_MS + 150);
    expect(audio.methods()).toEqual(['prepare', 'load', 'play']);
    expect(playsCounted).toEqual([a]);
  });

  it('coming back within the grace keeps it; the loaded current track and a track without URL are not prepared', async () => {
    const { saga, audio } = setup({}, { autoplayNext: true }, { currentTrack: b, isPlaying: true, playingSongId: b.id });
    await saga
      .dispatch(playerActions.prepareRequested({ track: a }))
      .dispatch(playerActions.prepareCancelled({ track: a }))
      .delay(20)
      .dispatch(playerActions.prepareRequested({ track: a }))
      .delay(25)
      .dispatch(playerActions.prepareRequested({ track: b }))
      .delay(30)
      .dispatch(playerActions.prepareRequested({ track: { ...c, url: '' } }))
      .silentRun(PREPARE_GRACE_MS + 100);
    expect(audio.calls).toEqual([{ method: 'prepare', args: [a.url] }]);
    expect(audio.prepared).toEqual([a.url]);
  });
});

describe('the next track, handed over by the engine', () => {
  it('plans the first queued track; when the engine starts it, it is current and counted once, without a load', async () => {
    const { saga, audio } = setup();
    audio.time = 0.02;
    audio.nextDuration = 95;
    audio.startNextWhenSet(b.id);
    const { storeState } = await saga
      .dispatch(playerActions.playAllRequested({ tracks: [a, b, c], source: 'playlist' }))
      .put(playerActions.trackStarted({ track: b, source: 'player' }))
      .silentRun(100);
    expect(audio.argsOf('load')).toEqual([[a.url]]);
    expect(storeState.player).toMatchObject({
      currentTrack: b,
      history: [a],
      queue: [c],
      isPlaying: true,
      playingSongId: b.id,
      duration: 95,
      isLoading: false,
    });
    expect(playsCounted).toEqual([a, b]);
    // then what follows b is planned
    expect(audio.argsOf('setNext')).toEqual([[plan(b)], [plan(c)]]);
    expect(audio.next).toEqual(plan(c));
  });

  it('sets an unchanged plan once, however often the player looks again', async () => {
    const { saga, audio, settings } = setup();
    await saga
      .dispatch(playerActions.playAllRequested({ tracks: [a, b] }))
      .delay(20)
      .dispatch(saveSettings(settings, {}))
      .delay(30)
      .dispatch(playerActions.radioModeLeft())
      .silentRun(60);
    expect(audio.argsOf('setNext')).toEqual([[plan(b)]]);
  });

  it('fetches the stream URL of a queued track that came without one, as a play does', async () => {
    const { saga, audio } = setup({}, undefined, {}, { [b.id]: '/fresh/b' });
    const noUrl = { ...b, url: '' };
    await saga.dispatch(playerActions.playAllRequested({ tracks: [a, noUrl] })).silentRun(60);
    expect(audio.next).toEqual({ ...plan(b), url: '/fresh/b' });
  });
});

describe('crossfade start', () => {
  it('overlaps by the setting between tracks of different albums', async () => {
    const { saga, audio } = setup({ crossfadeSeconds: 4 });
    await saga.dispatch(playerActions.playAllRequested({ tracks: [a, b] })).silentRun(50);
    expect(audio.next).toEqual(plan(b, { crossfadeSeconds: 4 }));
  });

  it('is not applied between consecutive tracks of one album: gapless wins', async () => {
    const [one, two, four] = [ofAlbum(1, 1), ofAlbum(2, 2), ofAlbum(4, 4)];
    const { saga, audio } = setup({ crossfadeSeconds: 4 });
    audio.startNextWhenSet(two.id);
    await saga.dispatch(playerActions.playAllRequested({ tracks: [one, two, four] })).silentRun(80);
    // 1 -> 2 follow on the album; 2 -> 4 skip a track: crossfaded
    expect(audio.argsOf('setNext')).toEqual([[plan(two)], [plan(four, { crossfadeSeconds: 4 })]]);
  });

  it('follows a change of the setting', async () => {
    const { saga, audio, settings } = setup({ crossfadeSeconds: 4 });
    await saga
      .dispatch(playerActions.playAllRequested({ tracks: [a, b] }))
      .delay(20)
      .dispatch(saveSettings(settings, { playback: { ...settings.playback, crossfadeSeconds: 7.5 } }))
      .silentRun(60);
    expect(audio.argsOf('setNext')).toEqual([[plan(b, { crossfadeSeconds: 4 })], [plan(b, { crossfadeSeconds: 7.5 })]]);
  });
});

describe('cancelling the prepared next track', () => {
  it('autoplay turned off clears it', async () => {
    const { saga, audio, settings } = setup();
    await saga
      .dispatch(playerActions.playAllRequested({ tracks: [a, b] }))
      .delay(20)
      .dispatch(saveSettings(settings, { streaming: { autoplayNext: false } }))
      .silentRun(60);
    expect(audio.argsOf('setNext')).toEqual([[plan(b)], [null]]);
    expect(audio.next).toBeNull();
  });

  it('a new list without a next clears it before its load; a new play plans again', async () => {
    const { saga, audio } = setup();
    const { storeState } = await saga
      .dispatch(playerActions.playAllRequested({ tracks: [a, b] }))
      .delay(20)
      .dispatch(playerActions.playAllRequested({ tracks: [c] }))
      .delay(40)
      .dispatch(playerActions.playAllRequested({ tracks: [b, a] }))
      .silentRun(80);
    expect(audio.argsOf('load')).toEqual([[a.url], [c.url], [b.url]]);
    expect(audio.argsOf('setNext')).toEqual([[plan(b)], [null], [plan(a)]]);
    expect(storeState.player).toMatchObject({ currentTrack: b, queue: [a] });
  });

  it('radio mode plans nothing of the queue', async () => {
    const { saga, audio } = setup();
    await saga
      .dispatch(playerActions.playAllRequested({ tracks: [a, b] }))
      .delay(20)
      .dispatch(playerActions.radioPlayRequested({ track: c, offsetSeconds: 0 }))
      .silentRun(60);
    expect(audio.argsOf('setNext')).toEqual([[plan(b)], [null]]);
  });

  it('an advance the queue did not plan (another key) changes nothing', async () => {
    const { saga, audio } = setup();
    later(() => audio.emit({ type: 'advanced', key: 'someone-else', duration: 10 }), 30);
    const { storeState } = await saga
      .dispatch(playerActions.playAllRequested({ tracks: [a, b] }))
      .not.put.like({ action: { type: playerActions.advanced.type } })
      .silentRun(60);
    expect(storeState.player).toMatchObject({ currentTrack: a, queue: [b] });
  });
});
