import { select, takeEvery } from 'redux-saga/effects';
import { settingsActions, SETTINGS_STORAGE_KEY, type SettingsState } from '../../shared/settings/settingsSlice';

export function* persistSettings() {
  const settings: SettingsState = yield select((state: { settings: SettingsState }) => state.settings);
  try {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // storage full or blocked: the preference lasts for this visit only
  }
}

export function* settingsSaga() {
  yield takeEvery([settingsActions.themeChanged.type, settingsActions.saved.type], persistSettings);
}
