export {
  settingsActions,
  settingsSlice,
  selectTheme,
  selectThemePreference,
  storedSettings,
  systemTheme,
  SYSTEM_DARK_QUERY,
  selectSettings,
  selectNotifications,
  selectPrivacy,
  selectStreaming,
  loadSettings,
  SETTINGS_STORAGE_KEY,
  DEFAULT_NOTIFICATIONS,
  DEFAULT_PRIVACY,
  DEFAULT_STREAMING,
} from './settingsSlice';
export type { SettingsState, SettingsSliceState, ThemeName, ThemePreference, NotificationSettings, PrivacySettings, StreamingSettings } from './settingsSlice';
