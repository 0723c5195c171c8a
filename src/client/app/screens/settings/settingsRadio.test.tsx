import { screen, within } from '@testing-library/react';
import { signedInState } from '../../../test/renderWithProviders';
import { renderAppRouter } from '../../testAppRouter';
import SettingsPage from './SettingsScreen';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const LIVE = 'http://localhost/api/radio/live';

beforeEach(() => {
  localStorage.clear();
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/radio/listen-url') return json({ url: `${LIVE}?listen=abc`, public: false, publicUrl: LIVE });
    if (path === '/api/radio/stream/listeners') return json({ listeners: [], maxPerUser: 3, maxTotal: 50 });
    if (path === '/api/subsonic/keys') return json({ success: true, keys: [] });
    if (path === '/api/subsonic/password') return json({ success: true, set: false, updatedAt: null });
    if (path === '/api/library/scan') return json({ success: true, configured: true, running: false, progress: null, lastResult: null });
    if (path === '/api/library/missing') return json({ success: true, songs: [], total: 0 });
    return json({ success: true, settings: { recordListeningHistory: true } });
  }) as typeof fetch;
});

const open = (role: 'user' | 'admin') =>
  renderAppRouter('/settings', { preloadedState: signedInState(role), routes: [{ path: '/settings', element: <SettingsPage /> }] });

describe('Settings: the Radio section', () => {
  it('shows a listener their listen link, and nothing of the admins’', async () => {
    open('user');
    const section = screen.getByRole('region', { name: 'Radio' });
    expect(await within(section).findByLabelText('Listen link')).toHaveValue(`${LIVE}?listen=abc`);
    expect(within(section).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'New link' })).toBeInTheDocument();
    expect(within(section).queryByRole('checkbox')).toBeNull();
  });

  it('gives an admin the public switch and the stream’s listeners too', async () => {
    open('admin');
    const section = screen.getByRole('region', { name: 'Radio' });
    expect(await within(section).findByRole('checkbox', { name: /Public stream/ })).not.toBeChecked();
    expect(await within(section).findByText('No one is listening to the stream.')).toBeInTheDocument();
  });
});
