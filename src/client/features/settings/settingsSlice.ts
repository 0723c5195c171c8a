import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import type { ThemeName } from '../../ui/theme';

export type { ThemeName };

/** Preferences kept in this browser. */
export interface SettingsState {
  theme: ThemeName;
}

export const SETTINGS_STORAGE_KEY = 'wavelength_settings';

function initialTheme(): ThemeName {
  try {
    const saved = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}') as Partial<SettingsState>;
    if (saved.theme === 'light' || saved.theme === 'dark') return saved.theme;
  } catch {
    // unreadable settings: fall back to the system preference
  }
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export const settingsSlice = createSlice({
  name: 'settings',
  initialState: (): SettingsState => ({ theme: initialTheme() }),
  reducers: {
    themeChanged(state, action: PayloadAction<ThemeName>) {
      state.theme = action.payload;
    },
  },
  selectors: {
    selectTheme: (state) => state.theme,
  },
});

export const settingsActions = settingsSlice.actions;
export const { selectTheme } = settingsSlice.selectors;
