import { eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import { call, fork, getContext, put, select, take, takeEvery } from 'redux-saga/effects';
import type { Services } from '../../services';
import { settingsActions, SETTINGS_STORAGE_KEY, storedSettings, SYSTEM_DARK_QUERY, type SettingsState, type ThemeName } from '../../shared/settings';

/** Saved settings are kept in this browser, through the storage service (the system's theme is not a setting). */
export function* persistSettings(): SagaIterator {
  const settings: SettingsState = yield select((state: { settings: SettingsState }) => state.settings);
  const { storage }: Services = yield getContext('services');
  yield call([storage, storage.set], SETTINGS_STORAGE_KEY, JSON.stringify(storedSettings(settings)));
}

/** The system's light or dark each time it changes; null where the browser cannot say. */
export function systemThemeChannel(): EventChannel<ThemeName> | null {
  if (typeof matchMedia !== 'function') return null;
  const query = matchMedia(SYSTEM_DARK_QUERY);
  return eventChannel<ThemeName>((emit) => {
    const onChange = (event: MediaQueryListEvent) => emit(event.matches ? 'dark' : 'light');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  });
}

/** docs/product.md §2.10: the theme follows the system, live, until the user chooses one (the slice decides which shows). */
export function* followSystemTheme(): SagaIterator {
  const channel: EventChannel<ThemeName> | null = yield call(systemThemeChannel);
  if (!channel) return;
  try {
    for (;;) yield put(settingsActions.systemThemeChanged(yield take(channel)));
  } finally {
    channel.close();
  }
}

export function* settingsSaga() {
  yield fork(followSystemTheme);
  yield takeEvery([settingsActions.themeChanged.type, settingsActions.saved.type, settingsActions.accountSettingsLoaded.type], persistSettings);
}
