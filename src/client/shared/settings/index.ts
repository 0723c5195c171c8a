export {
  settingsActions,
  settingsSlice,
  selectTheme,
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
export type { SettingsState, ThemeName, NotificationSettings, PrivacySettings, StreamingSettings } from './settingsSlice';
