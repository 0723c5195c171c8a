import { screen } from '@testing-library/react';
import { signedInState } from '../../../test/renderWithProviders';
import { renderAppRouter } from '../../testAppRouter';
import SettingsPage from './SettingsScreen';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  localStorage.clear();
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/library/scan') return json({ success: true, configured: true, running: false, progress: null, lastResult: null });
    if (path === '/api/library/missing') return json({ success: true, songs: [], total: 0 });
    return json({ success: true, settings: { recordListeningHistory: true } });
  }) as typeof fetch;
});

const open = (role: 'user' | 'admin') =>
  renderAppRouter('/settings', { preloadedState: signedInState(role), routes: [{ path: '/settings', element: <SettingsPage /> }] });

describe('Settings: the Library section', () => {
  it('is there for an admin, with Rescan', async () => {
    open('admin');
    expect(screen.getByRole('heading', { name: 'Library' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Rescan' })).toBeEnabled();
  });

  it('is not there for a listener, who never asks for the scan status', async () => {
    open('user');
    await screen.findByRole('heading', { name: 'Profile' });
    expect(screen.queryByRole('heading', { name: 'Library' })).toBeNull();
    const asked = (global.fetch as jest.Mock).mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(asked).not.toContain('/api/library/scan');
  });

  it('lists missing songs for an admin only (docs/product.md §2.10)', async () => {
    const admin = open('admin');
    expect(await screen.findByRole('heading', { name: 'Missing songs' })).toBeInTheDocument();
    expect(await screen.findByText('No songs are missing.')).toBeInTheDocument();
    admin.unmount();
    (global.fetch as jest.Mock).mockClear();
    open('user');
    await screen.findByRole('heading', { name: 'Profile' });
    expect(screen.queryByRole('heading', { name: 'Missing songs' })).toBeNull();
    const asked = (global.fetch as jest.Mock).mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(asked).not.toContain('/api/library/missing');
  });
});
