import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectSaga } from 'redux-saga-test-plan';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { createTestServices } from '../../../test/testServices';
import SettingsPage from './SettingsScreen';
import { persistSettings } from '../../../features/settings/settingsSagas';
import { loadSettings, SETTINGS_STORAGE_KEY, settingsSlice, type SettingsState } from '../../../shared/settings/settingsSlice';

beforeEach(() => localStorage.clear());

describe('settings kept in this browser', () => {
  it("starts from the product's notification defaults and safe defaults for the rest", () => {
    const s = loadSettings();
    expect(s.notifications).toEqual({ emailNotifications: true, pushNotifications: false, marketingEmails: false });
    expect(s.privacy).toEqual({ recordListeningHistory: true, showActivity: true });
    expect(s.streaming).toEqual({ autoplayNext: true });
  });

  it('reads saved settings back, ignoring unknown keys and wrong types', () => {
    localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ theme: 'dark', notifications: { pushNotifications: true, emailNotifications: 'yes', junk: 1 }, streaming: { autoplayNext: false } }),
    );
    expect(loadSettings()).toEqual({
      theme: 'dark',
      notifications: { emailNotifications: true, pushNotifications: true, marketingEmails: false },
      privacy: { recordListeningHistory: true, showActivity: true },
      streaming: { autoplayNext: false },
      playback: { crossfadeSeconds: 0, replayGainMode: 'auto', preampDb: 0 },
    });
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{not json');
    expect(loadSettings().notifications.emailNotifications).toBe(true);
  });

  it('the saga writes the saved settings to storage', async () => {
    const next: SettingsState = { ...loadSettings(), theme: 'dark', streaming: { autoplayNext: false } };
    await expectSaga(persistSettings)
      .withReducer(settingsSlice.reducer as never, next as never)
      .withState({ settings: next })
      .provide({ getContext: (key, fallback) => (key === 'services' ? createTestServices() : fallback()) })
      .run();
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}')).toEqual(next);
  });
});

describe('the settings page', () => {
  it('renders all six sections', () => {
    renderWithProviders(<SettingsPage />, { preloadedState: signedInState() });
    for (const name of ['Profile', 'Notifications', 'Privacy', 'Appearance', 'Streaming', 'Playback']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
  });

  it('Save keeps the changes (the theme too), Cancel puts the form back', async () => {
    const { store } = renderWithProviders(<SettingsPage />, { preloadedState: signedInState(), runSagas: false });
    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Push notifications' }));
    expect(store.getState().settings.theme).not.toBe('dark');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(store.getState().settings.theme).toBe('dark');
    expect(store.getState().settings.notifications.pushNotifications).toBe(true);

    await userEvent.click(screen.getByRole('checkbox', { name: /Autoplay the next track/ }));
    expect(screen.getByRole('checkbox', { name: /Autoplay the next track/ })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('checkbox', { name: /Autoplay the next track/ })).toBeChecked();
    expect(store.getState().settings.streaming.autoplayNext).toBe(true);
  });

  it('asks for the current password before an email change is saved', async () => {
    renderWithProviders(<SettingsPage />, { preloadedState: signedInState() });
    const email = screen.getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'new@example.test');
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter your current password to change your email')).toBeInTheDocument();
  });
});
