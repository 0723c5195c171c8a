import { DEFAULT_PLAYBACK, loadSettings, SETTINGS_STORAGE_KEY, settingsSlice, storedSettings } from './settingsSlice';

const savedPlayback = (playback: unknown) => {
  localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ playback }));
  return loadSettings().playback;
};

beforeEach(() => localStorage.clear());

describe('playback settings read from this browser (docs/product.md §2.14)', () => {
  it('defaults to no crossfade, automatic ReplayGain, no preamp', () => {
    expect(loadSettings().playback).toEqual({ crossfadeSeconds: 0, replayGainMode: 'auto', preampDb: 0 });
    expect(DEFAULT_PLAYBACK).toEqual({ crossfadeSeconds: 0, replayGainMode: 'auto', preampDb: 0 });
  });

  it('reads back values within range, and each known mode', () => {
    expect(savedPlayback({ crossfadeSeconds: 4, replayGainMode: 'track', preampDb: -3 })).toEqual({
      crossfadeSeconds: 4,
      replayGainMode: 'track',
      preampDb: -3,
    });
    for (const mode of ['off', 'auto', 'track', 'album']) expect(savedPlayback({ replayGainMode: mode }).replayGainMode).toBe(mode);
    expect(savedPlayback({ crossfadeSeconds: 12, preampDb: 12 })).toMatchObject({ crossfadeSeconds: 12, preampDb: 12 });
    expect(savedPlayback({ crossfadeSeconds: 0, preampDb: -12 })).toMatchObject({ crossfadeSeconds: 0, preampDb: -12 });
  });

  it('rounds to the sliders’ half steps', () => {
    expect(savedPlayback({ crossfadeSeconds: 4.3, preampDb: -2.8 })).toMatchObject({ crossfadeSeconds: 4.5, preampDb: -3 });
    expect(savedPlayback({ crossfadeSeconds: 0.1, preampDb: 0.2 })).toMatchObject({ crossfadeSeconds: 0, preampDb: 0 });
  });

  it('puts each out-of-range or junk value back to its default, keeping the good ones', () => {
    expect(savedPlayback({ crossfadeSeconds: 12.5, replayGainMode: 'album', preampDb: -12.5 })).toEqual({ ...DEFAULT_PLAYBACK, replayGainMode: 'album' });
    expect(savedPlayback({ crossfadeSeconds: -1, replayGainMode: 'loud', preampDb: 13 })).toEqual(DEFAULT_PLAYBACK);
    expect(savedPlayback({ crossfadeSeconds: '4', replayGainMode: 'TRACK', preampDb: null })).toEqual(DEFAULT_PLAYBACK);
    expect(savedPlayback({ crossfadeSeconds: Number.NaN, preampDb: Number.POSITIVE_INFINITY })).toEqual(DEFAULT_PLAYBACK);
    expect(savedPlayback({ crossfadeSeconds: 2, junk: true })).toEqual({ ...DEFAULT_PLAYBACK, crossfadeSeconds: 2 });
    expect(savedPlayback('fast')).toEqual(DEFAULT_PLAYBACK);
    expect(savedPlayback(null)).toEqual(DEFAULT_PLAYBACK);
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{"playback": ');
    expect(loadSettings().playback).toEqual(DEFAULT_PLAYBACK);
  });

  it('Save keeps the playback settings, and what is stored carries them', () => {
    const before = settingsSlice.reducer(undefined, { type: 'init' });
    const playback = { crossfadeSeconds: 6, replayGainMode: 'off' as const, preampDb: 1.5 };
    const after = settingsSlice.reducer(before, settingsSlice.actions.saved({ ...storedSettings(before), playback }));
    expect(after.playback).toEqual(playback);
    expect(storedSettings(after).playback).toEqual(playback);
    expect(after.systemTheme).toBe(before.systemTheme);
  });
});
