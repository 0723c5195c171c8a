import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import type { FakeAudioService } from '../../services/audio/FakeAudioService';
import { initialPlayerState, playerActions, playerSlice, type PlayerTrack } from '../../shared/player';
import { loadSettings, settingsActions, settingsSlice, type PlaybackSettings } from '../../shared/settings';
import { createTestServices, memoryTokenStore } from '../../test/testServices';
import { toastSlice } from '../../ui/toast/toastSlice';
import { playerSaga } from './playerSagas';

const reducer = combineReducers({ player: playerSlice.reducer, settings: settingsSlice.reducer, toasts: toastSlice.reducer });
const tags = { trackGain: -6, trackPeak: 0.5, albumGain: -3, albumPeak: 0.5 };
const song = (n: number, extra: Partial<PlayerTrack> = {}): PlayerTrack => ({
  id: `s${n}`,
  title: `S${n}`,
  artist: 'A',
  url: `/s${n}`,
  duration: 60,
  ...extra,
});
const onAlbum = (n: number) => song(n, { albumId: 'al', discNumber: 1, trackNumber: n, replayGain: tags });
const linear = (db: number) => 10 ** (db / 20);

function run(playback: Partial<PlaybackSettings> = {}, now?: () => number) {
  const services = createTestServices({ tokenStore: memoryTokenStore('token'), ...(now ? { now } : {}) });
  const base = loadSettings();
  const settings = { ...base, playback: { ...base.playback, ...playback }, systemTheme: 'light' as const };
  const saga = expectSaga(playerSaga)
    .withReducer(reducer, { player: initialPlayerState, settings, toasts: [] })
    .provide({ getContext: (key, next) => (key === 'services' ? services : next()) });
  return { saga, audio: services.audio as FakeAudioService, settings };
}

describe('the gain of each track started (docs/product.md §2.14)', () => {
  it('a tagged track is levelled before it sounds; an untagged one after it plays unchanged', async () => {
    const { saga, audio } = run({ replayGainMode: 'track', preampDb: 2 });
    await saga
      .dispatch(playerActions.playRequested({ track: song(1, { replayGain: tags }) }))
      .delay(20)
      .dispatch(playerActions.playRequested({ track: song(2) }))
      .silentRun(60);
    expect(audio.methods()).toEqual(['load', 'setTrackGain', 'play', 'load', 'setTrackGain', 'play']);
    const [[first], [second]] = audio.argsOf('setTrackGain') as number[][];
    expect(first).toBeCloseTo(linear(-4), 9);
    expect(second).toBe(1);
  });

  it('auto: an album played in order takes the album gain, the hand-over keeps it, the plan carries it', async () => {
    const { saga, audio } = run({ replayGainMode: 'auto', preampDb: 0 });
    audio.startNextWhenSet('s2');
    await saga.dispatch(playerActions.playAllRequested({ tracks: [onAlbum(1), onAlbum(2), onAlbum(3)] })).silentRun(80);
    expect(audio.argsOf('setTrackGain')).toHaveLength(1);
    expect(audio.gain).toBeCloseTo(linear(-3), 9);
    expect((audio.argsOf('setNext') as { gain: number }[][]).map(([p]) => p.gain)).toEqual([linear(-3), linear(-3)]);
  });

  it('auto: a track on its own takes its track gain, and peak limits a boost', async () => {
    const { saga, audio } = run({ replayGainMode: 'auto', preampDb: 12 });
    await saga.dispatch(playerActions.playRequested({ track: { ...onAlbum(5), replayGain: { ...tags, trackPeak: 0.9 } } })).silentRun(40);
    // -6 + 12 = +6 dB would be about x2; a 0.9 peak allows x1.11 only
    expect(audio.argsOf('setTrackGain')).toHaveLength(1);
    expect(audio.gain).toBeCloseTo(1 / 0.9, 9);
  });
});

describe('a saved ReplayGain setting', () => {
  it('applies to the track playing now', async () => {
    const { saga, audio, settings } = run({ replayGainMode: 'off' });
    await saga
      .dispatch(playerActions.playRequested({ track: song(1, { replayGain: tags }) }))
      .delay(30)
      .dispatch(settingsActions.saved({ ...settings, playback: { crossfadeSeconds: 0, replayGainMode: 'track', preampDb: 0 } }))
      .silentRun(60);
    expect(audio.methods()).toEqual(['load', 'play', 'setTrackGain']);
    expect(audio.gain).toBeCloseTo(linear(-6), 9);
  });
});

describe('a radio start', () => {
  it('seeks to the live position once the track has loaded: the offset plus the time the load took', async () => {
    const clock = [1_000, 1_800];
    const { saga, audio } = run({}, () => clock.shift() ?? 1_800);
    await saga.dispatch(playerActions.radioPlayRequested({ track: song(9, { duration: 200 }), offsetSeconds: 17 })).silentRun(40);
    expect(audio.methods()).toEqual(['load', 'seek', 'play']);
    expect(audio.argsOf('seek')).toEqual([[17.8]]);
  });
});
