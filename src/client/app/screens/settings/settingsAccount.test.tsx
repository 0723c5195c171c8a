import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signedInState } from '../../../test/renderWithProviders';
import { renderAppRouter } from '../../testAppRouter';
import SettingsPage from './SettingsScreen';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The account's settings on a fake server; answers what PUT was sent. */
function fakeServer(recordListeningHistory: boolean) {
  const puts: unknown[] = [];
  let record = recordListeningHistory;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/profile/settings') return json(404, { success: false, message: 'Not found' });
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      puts.push(body);
      record = body.recordListeningHistory;
    }
    return json(200, { success: true, settings: { recordListeningHistory: record } });
  }) as typeof fetch;
  return puts;
}

const routes = [
  { path: '/settings', element: <SettingsPage /> },
  { path: '/', element: <h1>Home page</h1> },
];
const open = () => renderAppRouter('/settings', { preloadedState: signedInState(), routes });
const record = () => screen.getByRole('checkbox', { name: /Record my listening history/ });

beforeEach(() => localStorage.clear());

describe('record listening history, kept with the account', () => {
  it("shows the server's value (another device turned it off), and leaving then asks nothing", async () => {
    fakeServer(false);
    const { store, history } = open();
    await waitFor(() => expect(record()).not.toBeChecked());
    expect(store.getState().settings.privacy.recordListeningHistory).toBe(false);
    act(() => history.push('/'));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('Save sends a change to the server, and only a change', async () => {
    const puts = fakeServer(true);
    const { store } = open();
    await waitFor(() => expect(record()).toBeChecked());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(JSON.stringify(store.getState())).toContain('Settings saved'));
    expect(puts).toEqual([]);
    await userEvent.click(record());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toEqual([{ recordListeningHistory: false }]));
  });
});

describe('leaving Settings with unsaved changes', () => {
  it('asks first: Stay keeps the changes here, Leave without saving goes', async () => {
    fakeServer(true);
    const { history } = open();
    await waitFor(() => expect(record()).toBeChecked());
    await userEvent.click(screen.getByRole('checkbox', { name: 'Push notifications' }));

    act(() => history.push('/'));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/settings');
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(history.location.pathname).toBe('/settings');
    expect(screen.getByRole('checkbox', { name: 'Push notifications' })).toBeChecked();

    act(() => history.push('/'));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('asks on Back too: Stay puts the URL back on Settings, Leave without saving goes back', async () => {
    fakeServer(true);
    const { history } = open();
    act(() => history.push('/settings?from=test'));
    await waitFor(() => expect(record()).toBeChecked());
    act(() => history.push('/'));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    act(() => history.go(-1));
    await waitFor(() => expect(record()).toBeChecked());
    await userEvent.click(screen.getByRole('checkbox', { name: 'Push notifications' }));

    act(() => history.go(-1));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/settings');
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(history.location.pathname).toBe('/settings');
    expect(screen.getByRole('checkbox', { name: 'Push notifications' })).toBeChecked();

    act(() => history.go(-1));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(history.location.pathname).toBe('/settings'));
    expect(history.location.search).toBe('');
  });

  it('asks the browser before the tab closes or reloads, only while something is unsaved', async () => {
    fakeServer(true);
    open();
    await waitFor(() => expect(record()).toBeChecked());
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Push notifications' }));
    expect(unload()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(unload()).toBe(false);
  });
});
