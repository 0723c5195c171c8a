import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { createTestServices } from '../../../test/testServices';
import { settingsSaga } from '../../../features/settings/settingsSagas';
import { makeStore } from '../../store';
import { renderAppRouter } from '../../testAppRouter';
import { SETTINGS_STORAGE_KEY } from '../../../shared/settings';
import { crossfadeText, preampText } from './PlaybackPanel';
import SettingsPage from './SettingsScreen';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  localStorage.clear();
  global.fetch = jest.fn(async () => json({ success: true, settings: { recordListeningHistory: true } })) as typeof fetch;
});

const panel = () => within(screen.getByRole('region', { name: 'Playback' }));
const crossfade = () => panel().getByRole('slider', { name: 'Crossfade' });
const preamp = () => panel().getByRole('slider', { name: 'Preamp' });
const mode = (name: string) => panel().getByRole('radio', { name: new RegExp(`^${name}\\b`) });

describe('the values as shown and said', () => {
  it('crossfade says Off at 0, else seconds', () => {
    expect(crossfadeText(0)).toBe('Off');
    expect(crossfadeText(4)).toBe('4 s');
    expect(crossfadeText(4.5)).toBe('4.5 s');
  });

  it('preamp carries its sign, with a real minus', () => {
    expect(preampText(0)).toBe('0 dB');
    expect(preampText(3)).toBe('+3.0 dB');
    expect(preampText(-6)).toBe('\u22126.0 dB');
    expect(preampText(-0.5)).toBe('\u22120.5 dB');
  });
});

describe('Settings › Playback', () => {
  it('starts from the defaults: crossfade Off, Automatic, preamp 0 dB', () => {
    renderWithProviders(<SettingsPage />, { preloadedState: signedInState() });
    expect(crossfade()).toHaveValue('0');
    expect(crossfade()).toHaveAttribute('aria-valuetext', 'Off');
    expect(panel().getByText('Off', { selector: 'output' })).toBeInTheDocument();
    expect(mode('Automatic')).toBeChecked();
    expect(preamp()).toHaveAttribute('aria-valuetext', '0 dB');
    expect(preamp()).toBeEnabled();
    expect(panel().getByText(/never crossfaded/)).toBeInTheDocument();
    expect(preamp()).toHaveAccessibleDescription(/ReplayGain tags only/);
  });

  it('the preamp is off while ReplayGain is off', async () => {
    renderWithProviders(<SettingsPage />, { preloadedState: signedInState() });
    await userEvent.click(mode('Off'));
    expect(preamp()).toBeDisabled();
    await userEvent.click(mode('Album'));
    expect(preamp()).toBeEnabled();
  });

  it('Save keeps crossfade, mode and preamp in the store and in this browser', async () => {
    // the settings saga alone keeps them in storage (the root saga would check the sign-in)
    const services = createTestServices();
    const store = makeStore(services, signedInState(), { saga: settingsSaga });
    renderWithProviders(<SettingsPage />, { store, services });
    fireEvent.change(crossfade(), { target: { value: '4' } });
    await userEvent.click(mode('Track'));
    fireEvent.change(preamp(), { target: { value: '-3' } });
    expect(crossfade()).toHaveAttribute('aria-valuetext', '4 s');
    expect(preamp()).toHaveAttribute('aria-valuetext', '\u22123.0 dB');
    expect(panel().getByText('\u22123.0 dB')).toBeInTheDocument();
    // not kept until Save
    expect(store.getState().settings.playback.crossfadeSeconds).toBe(0);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const kept = { crossfadeSeconds: 4, replayGainMode: 'track', preampDb: -3 };
    await waitFor(() => expect(store.getState().settings.playback).toEqual(kept));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}').playback).toEqual(kept));
  });

  it('a saved playback setting comes back on the next visit', () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ playback: { crossfadeSeconds: 6.5, replayGainMode: 'off', preampDb: 2 } }));
    renderWithProviders(<SettingsPage />, { preloadedState: signedInState() });
    expect(crossfade()).toHaveAttribute('aria-valuetext', '6.5 s');
    expect(mode('Off')).toBeChecked();
    expect(preamp()).toHaveAttribute('aria-valuetext', '+2.0 dB');
    expect(preamp()).toBeDisabled();
  });

  it('Cancel puts the playback settings back', async () => {
    renderWithProviders(<SettingsPage />, { preloadedState: signedInState() });
    fireEvent.change(crossfade(), { target: { value: '12' } });
    await userEvent.click(mode('Album'));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(crossfade()).toHaveAttribute('aria-valuetext', 'Off');
    expect(mode('Automatic')).toBeChecked();
  });

  it('leaving with only a playback change asks first', async () => {
    const { history } = renderAppRouter('/settings', {
      preloadedState: signedInState(),
      routes: [
        { path: '/settings', element: <SettingsPage /> },
        { path: '/', element: <h1>Home page</h1> },
      ],
    });
    fireEvent.change(preamp(), { target: { value: '1.5' } });
    act(() => history.push('/'));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/settings');
  });
});
