import { expectSaga } from 'redux-saga-test-plan';
import { followSystemTheme } from '../../../features/settings/settingsSagas';
import {
  loadSettings,
  selectTheme,
  SETTINGS_STORAGE_KEY,
  settingsActions,
  settingsSlice,
  type SettingsSliceState,
} from '../../../shared/settings/settingsSlice';

type Listener = (event: { matches: boolean }) => void;

/** A system whose dark preference the test switches. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<Listener>();
  const query = {
    matches: dark,
    addEventListener: (_: string, l: Listener) => listeners.add(l),
    removeEventListener: (_: string, l: Listener) => listeners.delete(l),
  };
  window.matchMedia = jest.fn(() => query) as unknown as typeof window.matchMedia;
  return {
    switchTo(next: boolean) {
      query.matches = next;
      for (const l of listeners) l({ matches: next });
    },
    listeners,
  };
}

const theme = (state: SettingsSliceState) => selectTheme({ settings: state });

beforeEach(() => localStorage.clear());

describe('the theme follows the system until one is chosen', () => {
  it('with nothing chosen the setting is "system" and the shown theme is the system\'s', () => {
    fakeSystem(true);
    const state = settingsSlice.reducer(undefined, { type: 'init' });
    expect(state.theme).toBe('system');
    expect(theme(state)).toBe('dark');
    expect(theme(settingsSlice.reducer(state, settingsActions.systemThemeChanged('light')))).toBe('light');
  });

  it('saving other settings is not choosing a theme; choosing one keeps it whatever the system says', () => {
    fakeSystem(false);
    let state = settingsSlice.reducer(undefined, { type: 'init' });
    state = settingsSlice.reducer(state, settingsActions.saved({ ...loadSettings(), notifications: { ...state.notifications, pushNotifications: true } }));
    state = settingsSlice.reducer(state, settingsActions.systemThemeChanged('dark'));
    expect(theme(state)).toBe('dark');
    state = settingsSlice.reducer(state, settingsActions.saved({ ...loadSettings(), theme: 'light' }));
    expect(theme(settingsSlice.reducer(state, settingsActions.systemThemeChanged('dark')))).toBe('light');
  });

  it('a stored choice is read back; anything else means the system', () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ theme: 'light' }));
    expect(loadSettings().theme).toBe('light');
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ theme: 'purple' }));
    expect(loadSettings().theme).toBe('system');
  });

  it('the saga follows the system live, and lets go of it when cancelled', async () => {
    const system = fakeSystem(false);
    const run = expectSaga(followSystemTheme).put(settingsActions.systemThemeChanged('dark')).put(settingsActions.systemThemeChanged('light')).silentRun(100);
    system.switchTo(true);
    system.switchTo(false);
    await run;
    expect(system.listeners.size).toBe(0);
  });
});
