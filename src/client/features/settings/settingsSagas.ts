import type { SagaIterator } from 'redux-saga';
import { call, getContext, select, takeEvery } from 'redux-saga/effects';
import type { Services } from '../../services';
import { settingsActions, SETTINGS_STORAGE_KEY, type SettingsState } from '../../shared/settings';

/** Saved settings are kept in this browser, through the storage service. */
export function* persistSettings(): SagaIterator {
  const settings: SettingsState = yield select((state: { settings: SettingsState }) => state.settings);
  const { storage }: Services = yield getContext('services');
  yield call([storage, storage.set], SETTINGS_STORAGE_KEY, JSON.stringify(settings));
}

export function* settingsSaga() {
  yield takeEvery([settingsActions.themeChanged.type, settingsActions.saved.type], persistSettings);
}
