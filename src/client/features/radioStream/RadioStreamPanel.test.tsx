import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RadioListenUrl, RadioStreamListener } from '../../../contract/radioStream';
import { MESSAGES } from '../../../contract/messages';
import { renderWithProviders, signedInState } from '../../test/renderWithProviders';
import { RadioStreamPanel } from './components/RadioStreamPanel';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const BASE = 'http://radio.example.test/api/radio/live';

/** The stream access API on a fake server: one user's link and the public switch in memory; records every call. */
function fakeServer(options: { listeners?: RadioStreamListener[]; refuseSwitch?: boolean } = {}) {
  const state = { token: 1, public: false };
  const link = (): RadioListenUrl => ({ url: `${BASE}?listen=token-${state.token}`, public: state.public, publicUrl: BASE });
  const calls: { method: string; path: string; body?: unknown }[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    if (path === '/api/radio/listen-url' && method === 'GET') return json(200, link());
    if (path === '/api/radio/listen-url' && method === 'POST') {
      state.token += 1;
      return json(200, link());
    }
    if (path === '/api/radio/stream/public' && method === 'PUT') {
      if (options.refuseSwitch) return json(403, { success: false, message: MESSAGES.onlyAdminsMakeStreamPublic });
      state.public = body.public;
      return json(200, link());
    }
    if (path === '/api/radio/stream/listeners') return json(200, { listeners: options.listeners ?? [], maxPerUser: 3, maxTotal: 50 });
    return json(404, { success: false, message: 'Not found' });
  }) as typeof fetch;
  return { state, calls };
}

const open = (role: 'user' | 'admin' = 'user') => renderWithProviders(<RadioStreamPanel />, { preloadedState: signedInState(role) });

describe('Settings › Radio: the listen link', () => {
  it('shows the user’s link read-only, says what it is for, and copies it', async () => {
    fakeServer();
    const user = userEvent.setup();
    open();
    const field = await screen.findByLabelText('Listen link');
    expect(field).toHaveValue(`${BASE}?listen=token-1`);
    expect(field).toHaveAttribute('readonly');
    expect(screen.getByText(/Paste this link into VLC, a smart speaker or any internet-radio app/)).toBeInTheDocument();
    expect(screen.getByText(/don’t share it/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(`${BASE}?listen=token-1`);
    expect(screen.getByRole('status')).toHaveTextContent('Copied.');
  });

  it('New link asks first: Cancel keeps the link; confirming shows the new one', async () => {
    const { calls } = fakeServer();
    const user = userEvent.setup();
    open();
    await screen.findByDisplayValue(`${BASE}?listen=token-1`);

    await user.click(screen.getByRole('button', { name: 'New link' }));
    let dialog = await screen.findByRole('dialog', { name: 'Make a new listen link?' });
    expect(dialog).toHaveTextContent('Your old link stops working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(screen.getByLabelText('Listen link')).toHaveValue(`${BASE}?listen=token-1`);

    await user.click(screen.getByRole('button', { name: 'New link' }));
    dialog = await screen.findByRole('dialog', { name: 'Make a new listen link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make new link' }));
    await waitFor(() => expect(screen.getByLabelText('Listen link')).toHaveValue(`${BASE}?listen=token-2`));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/radio/listen-url']);
  });

  it('is all a listener sees: no public switch, no listener list', async () => {
    const { calls } = fakeServer();
    open('user');
    await screen.findByLabelText('Listen link');
    expect(screen.queryByRole('checkbox', { name: /Public stream/ })).toBeNull();
    expect(screen.queryByText('Listening to the stream')).toBeNull();
    expect(calls.some((c) => c.path === '/api/radio/stream/listeners')).toBe(false);
  });

  it('says so when the link cannot be read', async () => {
    global.fetch = jest.fn(async () => json(500, { success: false, message: 'Something went wrong on our side' })) as typeof fetch;
    open();
    expect(await screen.findByText('Something went wrong on our side')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
  });
});

describe('Settings › Radio: what admins see', () => {
  it('switches the stream public and back, by a labelled checkbox', async () => {
    const { calls, state } = fakeServer();
    const user = userEvent.setup();
    open('admin');
    const box = await screen.findByRole('checkbox', { name: /Public stream/ });
    expect(box).not.toBeChecked();
    expect(screen.getByText(new RegExp(`plays the stream at ${BASE}`))).toBeInTheDocument();

    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(state.public).toBe(true);
    box.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(box).not.toBeChecked());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ public: true }, { public: false }]);
  });

  it('keeps the switch as it was when the server refuses', async () => {
    fakeServer({ refuseSwitch: true });
    const user = userEvent.setup();
    open('admin');
    const box = await screen.findByRole('checkbox', { name: /Public stream/ });
    await user.click(box);
    expect(await screen.findByText(MESSAGES.onlyAdminsMakeStreamPublic)).toBeInTheDocument();
    expect(box).not.toBeChecked();
  });

  it('says when no one is listening', async () => {
    fakeServer();
    open('admin');
    expect(await screen.findByText('No one is listening to the stream.')).toBeInTheDocument();
  });

  it('lists each listener: user or public listener, player, since when', async () => {
    fakeServer({
      listeners: [
        { user: { id: 'u2', username: 'bob' }, client: 'VLC/3.0.20 LibVLC/3.0.20', connectedAt: '2026-11-27T10:00:00.000Z', bytes: 1000 },
        { user: null, client: 'Sonos', connectedAt: '2026-11-27T11:00:00.000Z', bytes: 10 },
      ],
    });
    open('admin');
    const list = await screen.findByRole('list', { name: 'Listening to the stream' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('bob');
    expect(rows[0]).toHaveTextContent(/VLC\/3\.0\.20 LibVLC\/3\.0\.20 · since/);
    expect(rows[1]).toHaveTextContent('Public listener');
    expect(rows[1]).toHaveTextContent('Sonos');
  });

  it('follows players coming and going without a reload (read again every 5 s)', async () => {
    const options: { listeners: RadioStreamListener[] } = { listeners: [] };
    fakeServer(options);
    open('admin');
    expect(await screen.findByText('No one is listening to the stream.')).toBeInTheDocument();
    options.listeners = [{ user: { id: 'u2', username: 'bob' }, client: 'mpv', connectedAt: '2026-11-27T10:00:00.000Z', bytes: 1000 }];
    expect(await screen.findByText('bob', {}, { timeout: 8000 })).toBeInTheDocument();
  }, 15_000);
});
