import { screen } from '@testing-library/react';
import { signedInState } from '../../../test/renderWithProviders';
import { renderAppRouter } from '../../testAppRouter';
import SettingsPage from './SettingsScreen';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  localStorage.clear();
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/subsonic/keys') return json({ success: true, keys: [] });
    if (path === '/api/subsonic/password') return json({ success: true, set: false, updatedAt: null });
    // an admin's page also shows Library: its scan status and missing songs
    if (path === '/api/library/scan') return json({ success: true, configured: true, running: false, progress: null, lastResult: null });
    if (path === '/api/library/missing') return json({ success: true, songs: [], total: 0 });
    return json({ success: true, settings: { recordListeningHistory: true } });
  }) as typeof fetch;
});

describe('Settings: the Subsonic apps section', () => {
  it.each(['user', 'admin'] as const)('is there for a %s, with their keys and app password', async (role) => {
    renderAppRouter('/settings', { preloadedState: signedInState(role), routes: [{ path: '/settings', element: <SettingsPage /> }] });
    const section = screen.getByRole('region', { name: 'Subsonic apps' });
    expect(section).toBeInTheDocument();
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    expect(await screen.findByText(/No app password yet/)).toBeInTheDocument();
  });
});
