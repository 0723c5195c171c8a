import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import type { ThemeName } from '../../ui/theme';

export type { ThemeName };
/** 'system' follows the system's light or dark (prefers-color-scheme) until the user chooses one. */
export type ThemePreference = ThemeName | 'system';

/** docs/product.md §3 notification preferences (kept in this browser only), with the product's defaults. */
export interface NotificationSettings {
  emailNotifications: boolean;
  pushNotifications: boolean;
  marketingEmails: boolean;
}
export interface PrivacySettings {
  /** count my plays (statistics, recently played, history); off sends none */
  recordListeningHistory: boolean;
  /** show what I play on my profile's activity */
  showActivity: boolean;
}
export interface StreamingSettings {
  /** when a track ends outside radio mode, play the next queued one (docs/product.md §4); the player reads it */
  autoplayNext: boolean;
}

export type ReplayGainMode = 'off' | 'auto' | 'track' | 'album';
/** docs/product.md §2.14: how the player joins and levels tracks. */
export interface PlaybackSettings {
  /** seconds of equal-power overlap between tracks, 0 (off) to CROSSFADE_MAX_SECONDS; never within an album played in order */
  crossfadeSeconds: number;
  /** auto: album gain while an album plays in order, track gain otherwise */
  replayGainMode: ReplayGainMode;
  /** dB added to the ReplayGain of tagged files, PREAMP_MIN_DB to PREAMP_MAX_DB */
  preampDb: number;
}
export const CROSSFADE_MAX_SECONDS = 12;
export const PREAMP_MIN_DB = -12;
export const PREAMP_MAX_DB = 12;
export const REPLAY_GAIN_MODES: readonly ReplayGainMode[] = ['off', 'auto', 'track', 'album'];

/** Preferences kept in this browser (record listening history is the account's, kept on the server too). */
export interface SettingsState {
  theme: ThemePreference;
  notifications: NotificationSettings;
  privacy: PrivacySettings;
  streaming: StreamingSettings;
  playback: PlaybackSettings;
}

export const SETTINGS_STORAGE_KEY = 'wavelength_settings';

export const DEFAULT_NOTIFICATIONS: NotificationSettings = { emailNotifications: true, pushNotifications: false, marketingEmails: false };
export const DEFAULT_PRIVACY: PrivacySettings = { recordListeningHistory: true, showActivity: true };
export const DEFAULT_STREAMING: StreamingSettings = { autoplayNext: true };
export const DEFAULT_PLAYBACK: PlaybackSettings = { crossfadeSeconds: 0, replayGainMode: 'auto', preampDb: 0 };

/** The playback settings from the root state; a store without the settings (tests) has the defaults. */
export const selectPlaybackSettings = (state: { settings?: Partial<SettingsState> }): PlaybackSettings => state.settings?.playback ?? DEFAULT_PLAYBACK;

/** The settings and what the system's theme is now (not a setting: never stored). */
export interface SettingsSliceState extends SettingsState {
  systemTheme: ThemeName;
}

export const SYSTEM_DARK_QUERY = '(prefers-color-scheme: dark)';

export function systemTheme(): ThemeName {
  return typeof matchMedia === 'function' && matchMedia(SYSTEM_DARK_QUERY).matches ? 'dark' : 'light';
}

/** Keeps only known keys with boolean values, so a stale or edited entry cannot break the app. */
function booleans<T extends object>(defaults: T, saved: unknown): T {
  const out = { ...defaults };
  if (saved && typeof saved === 'object') {
    for (const key of Object.keys(defaults) as (keyof T)[]) {
      const value = (saved as Record<string, unknown>)[key as string];
      if (typeof value === 'boolean') out[key] = value as T[keyof T];
    }
  }
  return out;
}

/** Playback settings from storage: numbers within their range (rounded to the slider's step), a known mode, else the default. */
function playbackSettings(saved: unknown): PlaybackSettings {
  const out = { ...DEFAULT_PLAYBACK };
  if (!saved || typeof saved !== 'object') return out;
  const { crossfadeSeconds, replayGainMode, preampDb } = saved as Record<string, unknown>;
  const inRange = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
  if (inRange(crossfadeSeconds, 0, CROSSFADE_MAX_SECONDS)) out.crossfadeSeconds = Math.round(crossfadeSeconds * 2) / 2;
  if (REPLAY_GAIN_MODES.includes(replayGainMode as ReplayGainMode)) out.replayGainMode = replayGainMode as ReplayGainMode;
  if (inRange(preampDb, PREAMP_MIN_DB, PREAMP_MAX_DB)) out.preampDb = Math.round(preampDb * 2) / 2;
  return out;
}

/** The saved settings (SETTINGS_STORAGE_KEY), each part falling back to its default. */
export function loadSettings(): SettingsState {
  let saved: Partial<Record<keyof SettingsState, unknown>> = {};
  try {
    saved = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}') ?? {};
  } catch {
    // unreadable settings: defaults
  }
  return {
    theme: saved.theme === 'light' || saved.theme === 'dark' ? saved.theme : 'system',
    notifications: booleans(DEFAULT_NOTIFICATIONS, saved.notifications),
    privacy: booleans(DEFAULT_PRIVACY, saved.privacy),
    streaming: booleans(DEFAULT_STREAMING, saved.streaming),
    playback: playbackSettings(saved.playback),
  };
}

/** What is stored of the settings: the settings without the system's theme. */
export function storedSettings({ theme, notifications, privacy, streaming, playback }: SettingsState): SettingsState {
  return { theme, notifications, privacy, streaming, playback: playback ?? DEFAULT_PLAYBACK };
}

export const settingsSlice = createSlice({
  name: 'settings',
  initialState: (): SettingsSliceState => ({ ...loadSettings(), systemTheme: systemTheme() }),
  reducers: {
    themeChanged(state, action: PayloadAction<ThemePreference>) {
      state.theme = action.payload;
    },
    /** The system switched between light and dark (followed while the theme is 'system'). */
    systemThemeChanged(state, action: PayloadAction<ThemeName>) {
      state.systemTheme = action.payload;
    },
    /** The settings page's Save: every local section at once. */
    saved(state, action: PayloadAction<SettingsState>) {
      return { ...storedSettings(action.payload), systemTheme: state.systemTheme ?? systemTheme() };
    },
    /** The account's settings as the server keeps them (another device may have changed them). */
    accountSettingsLoaded(state, action: PayloadAction<{ recordListeningHistory: boolean }>) {
      state.privacy = { ...(state.privacy ?? DEFAULT_PRIVACY), recordListeningHistory: action.payload.recordListeningHistory };
    },
  },
  selectors: {
    /** The theme shown: the chosen one, else the system's. */
    selectTheme: (state): ThemeName => (state.theme === 'light' || state.theme === 'dark' ? state.theme : (state.systemTheme ?? systemTheme())),
    selectThemePreference: (state): ThemePreference => state.theme ?? 'system',
    selectSettings: (state) => state,
    // a state preloaded from an older shape (tests, old saved data) still answers the defaults
    selectNotifications: (state) => state.notifications ?? DEFAULT_NOTIFICATIONS,
    selectPrivacy: (state) => state.privacy ?? DEFAULT_PRIVACY,
    selectStreaming: (state) => state.streaming ?? DEFAULT_STREAMING,
    selectPlayback: (state) => state.playback ?? DEFAULT_PLAYBACK,
  },
});

export const settingsActions = settingsSlice.actions;
export const { selectTheme, selectThemePreference, selectSettings, selectNotifications, selectPrivacy, selectStreaming, selectPlayback } =
  settingsSlice.selectors;
