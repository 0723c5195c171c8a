import { fireEvent, screen, within } from '@testing-library/react';
import { SCROBBLE_MESSAGES } from '../../../../contract/scrobbleMessages';
import { settingsSlice } from '../../../shared/settings';
import { signedInState } from '../../../test/renderWithProviders';
import { renderAppRouter } from '../../testAppRouter';
import SettingsPage from './SettingsScreen';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let connections: unknown[];
let lastfmAvailable: boolean;
/** what the server says of the account's "Record my listening history" */
let recordListeningHistory: boolean;
const tokensSent: string[] = [];

beforeEach(() => {
  localStorage.clear();
  connections = [];
  lastfmAvailable = false;
  recordListeningHistory = true;
  tokensSent.length = 0;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname;
    const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
    if (path === '/api/scrobble/connections') return json({ success: true, connections, lastfmAvailable });
    if (path === '/api/scrobble/listenbrainz' && method === 'PUT') {
      const body = JSON.parse(input instanceof Request ? await input.text() : String(init?.body)) as { token: string };
      tokensSent.push(body.token);
      if (body.token !== 'good-token') return json({ success: false, message: SCROBBLE_MESSAGES.tokenRejected }, 400);
      connections = [{ service: 'listenbrainz', username: 'lb-me', pending: 2, failing: 1 }];
      return json({ success: true, connections, lastfmAvailable });
    }
    return json({ success: true, settings: { recordListeningHistory } });
  }) as typeof fetch;
});

const open = (recordHistory = true) => {
  const settings = settingsSlice.getInitialState();
  const preloadedState = { ...signedInState('user'), settings: { ...settings, privacy: { ...settings.privacy, recordListeningHistory: recordHistory } } };
  return renderAppRouter('/settings', { preloadedState, routes: [{ path: '/settings', element: <SettingsPage /> }] });
};

describe('Settings: the Scrobbling section (docs/product.md §2.10)', () => {
  it('saves a ListenBrainz token the server accepts, shows the refusal of one it does not, then the connected name and what waits', async () => {
    open();
    const section = screen.getByRole('region', { name: 'Scrobbling' });
    const field = await within(section).findByLabelText('ListenBrainz user token');
    fireEvent.change(field, { target: { value: 'bad-token' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Connect ListenBrainz' }));
    expect(await within(section).findByText(SCROBBLE_MESSAGES.tokenRejected)).toBeInTheDocument();

    fireEvent.change(within(section).getByLabelText('ListenBrainz user token'), { target: { value: '  good-token ' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Connect ListenBrainz' }));
    expect(await within(section).findByText('lb-me')).toBeInTheDocument();
    expect(tokensSent).toEqual(['bad-token', 'good-token']);
    expect(within(section).getByText('2 listens wait to be sent; sending failed so far, it is tried again later.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Disconnect ListenBrainz' })).toBeInTheDocument();
  });

  it('offers Connect Last.fm only when the admin set it up', async () => {
    open();
    const section = screen.getByRole('region', { name: 'Scrobbling' });
    await within(section).findByLabelText('ListenBrainz user token');
    expect(within(section).queryByRole('button', { name: 'Connect Last.fm' })).toBeNull();
    expect(within(section).queryByText(SCROBBLE_MESSAGES.historyOff)).toBeNull();
  });

  it('says nothing is sent while "Record my listening history" is off', async () => {
    lastfmAvailable = true;
    recordListeningHistory = false;
    open(false);
    const section = screen.getByRole('region', { name: 'Scrobbling' });
    expect(await within(section).findByRole('button', { name: 'Connect Last.fm' })).toBeInTheDocument();
    expect(within(section).getByRole('status')).toHaveTextContent(SCROBBLE_MESSAGES.historyOff);
  });
});
