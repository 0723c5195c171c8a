export { settingsActions, settingsSlice, selectTheme, SETTINGS_STORAGE_KEY } from './settingsSlice';
export type { SettingsState, ThemeName } from './settingsSlice';
