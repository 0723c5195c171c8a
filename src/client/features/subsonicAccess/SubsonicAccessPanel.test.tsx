import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKeySummary } from '../../../contract/subsonic';
import { API_KEYS_PER_USER_MAX, APP_PASSWORD_MAX, SUBSONIC_MESSAGES } from '../../../contract/subsonicMessages';
import { renderWithProviders, signedInState } from '../../test/renderWithProviders';
import { SubsonicAccessPanel } from './components/SubsonicAccessPanel';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const key = (id: string, name: string, lastUsedAt: string | null = null): ApiKeySummary => ({ id, name, createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt });
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

interface Options {
  keys?: ApiKeySummary[];
  password?: { set: boolean; updatedAt: string | null };
  /** answers POST /keys instead of creating one */
  createAnswer?: () => Response;
  failReads?: boolean;
}

/** The Subsonic access API on a fake server: keys and the app password kept in memory; records every call. */
function fakeServer(options: Options = {}) {
  const state = { keys: [...(options.keys ?? [])], password: options.password ?? { set: false, updatedAt: null }, next: 100 };
  const calls: { method: string; path: string; body?: unknown }[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    if (options.failReads && method === 'GET') return json(500, { success: false, message: 'Something went wrong on our side' });
    if (path === '/api/subsonic/keys' && method === 'GET') return json(200, { success: true, keys: state.keys });
    if (path === '/api/subsonic/keys' && method === 'POST') {
      if (options.createAnswer) return options.createAnswer();
      const created = key(uuid(state.next++), body.name);
      state.keys.push(created);
      return json(201, { success: true, key: created, apiKey: `secret-key-${created.id}` });
    }
    if (path.startsWith('/api/subsonic/keys/') && method === 'DELETE') {
      const id = path.split('/').pop();
      state.keys = state.keys.filter((k) => k.id !== id);
      return json(200, { success: true });
    }
    if (path === '/api/subsonic/password' && method === 'GET') return json(200, { success: true, ...state.password });
    if (path === '/api/subsonic/password' && method === 'PUT') {
      state.password = { set: true, updatedAt: '2026-11-23T12:00:00.000Z' };
      return json(200, { success: true, ...state.password });
    }
    if (path === '/api/subsonic/password' && method === 'DELETE') {
      state.password = { set: false, updatedAt: null };
      return json(200, { success: true });
    }
    return json(404, { success: false, message: 'Not found' });
  }) as typeof fetch;
  return { state, calls };
}

const open = () => renderWithProviders(<SubsonicAccessPanel />, { preloadedState: signedInState() });
const ACCOUNT_PASSWORD = 'my wavelength password';
/** Types the account's password, which making a key or setting the app password asks for. */
const confirmWith = (user: ReturnType<typeof userEvent.setup>, password = ACCOUNT_PASSWORD) =>
  user.type(screen.getByLabelText('Your Wavelength password'), password);
const keyList = () => screen.getByRole('list', { name: 'Your API keys' });

describe('Subsonic apps: how to connect', () => {
  it("names this server's address and the user's username, and which secret to use", async () => {
    fakeServer();
    open();
    expect(screen.getByText(window.location.origin)).toBeInTheDocument();
    expect(screen.getByText('listener')).toBeInTheDocument();
    expect(screen.getByText(/use the app password below, or an API key if your app supports OpenSubsonic API keys/)).toBeInTheDocument();
  });
});

describe('Subsonic apps: API keys', () => {
  it('lists each key with its name, and "Never used" or when it was last used', async () => {
    const usedAt = '2026-11-22T18:30:00.000Z';
    fakeServer({ keys: [key(uuid(1), 'Phone'), key(uuid(2), 'Laptop', usedAt)] });
    open();
    const rows = within(await screen.findByRole('list', { name: 'Your API keys' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Phone');
    expect(rows[0]).toHaveTextContent('Never used');
    expect(rows[1]).toHaveTextContent('Laptop');
    expect(rows[1]).toHaveTextContent(`Last used ${new Date(usedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`);
    expect(rows[1]).not.toHaveTextContent('Never used');
  });

  it('says so when there is no key yet', async () => {
    fakeServer();
    open();
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
  });

  it('creates a key and shows it once, with Copy; Done hides it for good, the list keeps only its name', async () => {
    const { calls } = fakeServer();
    const user = userEvent.setup();
    open();
    await screen.findByText('No API keys yet.');
    await confirmWith(user);
    await user.type(screen.getByLabelText('Key name'), '  Phone  ');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByLabelText('API key for Phone');
    const secret = `secret-key-${uuid(100)}`;
    expect(shown).toHaveValue(secret);
    expect(screen.getByText('Copy this key now: it will not be shown again.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Phone', currentPassword: ACCOUNT_PASSWORD });
    expect(within(keyList()).getByText('Phone')).toBeInTheDocument();
    expect(screen.getByLabelText('Key name')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(secret);
    expect(screen.getByRole('status')).toHaveTextContent('Copied.');

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('API key for Phone')).toBeNull();
    expect(screen.queryByDisplayValue(secret)).toBeNull();
    expect(document.body).not.toHaveTextContent(secret);
    expect(within(keyList()).getByText('Phone')).toBeInTheDocument();
  });

  it("checks the name before asking the server, with the contract's messages", async () => {
    const { calls } = fakeServer();
    const user = userEvent.setup();
    open();
    await screen.findByText('No API keys yet.');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(SUBSONIC_MESSAGES.keyNameRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Key name'), 'x'.repeat(61));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(SUBSONIC_MESSAGES.keyNameTooLong)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("shows the server's reason when a key cannot be made (too many keys), and no key", async () => {
    const full = Array.from({ length: API_KEYS_PER_USER_MAX }, (_, i) => key(uuid(i + 1), `Device ${i + 1}`));
    fakeServer({ keys: full, createAnswer: () => json(409, { success: false, message: SUBSONIC_MESSAGES.tooManyKeys }) });
    const user = userEvent.setup();
    open();
    await screen.findByText('Device 25');
    await confirmWith(user);
    await user.type(screen.getByLabelText('Key name'), 'One more');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SUBSONIC_MESSAGES.tooManyKeys);
    expect(screen.queryByText('Copy this key now: it will not be shown again.')).toBeNull();
  });

  it('Revoke asks first: Cancel keeps the key, Revoke removes it', async () => {
    const { calls } = fakeServer({ keys: [key(uuid(1), 'Phone'), key(uuid(2), 'Laptop')] });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Revoke Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Phone?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    expect(within(keyList()).getByText('Phone')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke Phone' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Revoke Phone?' })).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(keyList()).queryByText('Phone')).toBeNull());
    expect(within(keyList()).getByText('Laptop')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/subsonic/keys/${uuid(1)}`]);
  });
});

describe('Subsonic apps: the app password', () => {
  it('checks its length with the contract messages, then sets it and shows "App password set"', async () => {
    const { calls } = fakeServer();
    const user = userEvent.setup();
    open();
    expect(await screen.findByText(/No app password yet/)).toBeInTheDocument();
    const field = screen.getByLabelText('App password');
    expect(field).toHaveAttribute('type', 'password');

    await user.type(field, 'short');
    await user.click(screen.getByRole('button', { name: 'Set app password' }));
    expect(await screen.findByText(SUBSONIC_MESSAGES.appPasswordTooShort)).toBeInTheDocument();
    await user.clear(field);
    await user.click(field);
    await user.paste('y'.repeat(APP_PASSWORD_MAX + 1));
    await user.click(screen.getByRole('button', { name: 'Set app password' }));
    expect(await screen.findByText(SUBSONIC_MESSAGES.appPasswordTooLong)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.clear(field);
    await user.type(field, 'app-password-1');
    await confirmWith(user);
    await user.click(screen.getByRole('button', { name: 'Set app password' }));
    expect(await screen.findByText('App password set')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ password: 'app-password-1', currentPassword: ACCOUNT_PASSWORD }]);
    expect(screen.queryByText(SUBSONIC_MESSAGES.appPasswordTooLong)).toBeNull();
    expect(screen.getByLabelText('New app password')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Change app password' })).toBeInTheDocument();
  });

  it('"Show the password" lets the user read what they typed', async () => {
    fakeServer();
    const user = userEvent.setup();
    open();
    await screen.findByText(/No app password yet/);
    await user.click(screen.getByLabelText('Show the password'));
    expect(screen.getByLabelText('App password')).toHaveAttribute('type', 'text');
  });

  it('Remove asks first, then the password is gone', async () => {
    const { calls } = fakeServer({ password: { set: true, updatedAt: '2026-11-01T09:00:00.000Z' } });
    const user = userEvent.setup();
    open();
    expect(await screen.findByText('App password set')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove app password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the app password?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/No app password yet/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/subsonic/password']);
  });

  it("shows the server's validation message when it refuses the password", async () => {
    fakeServer();
    const refusing = global.fetch as jest.Mock;
    const answer = refusing.getMockImplementation()!;
    refusing.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'PUT' ? json(400, { success: false, message: SUBSONIC_MESSAGES.appPasswordTooShort }) : answer(input, init),
    );
    const user = userEvent.setup();
    open();
    await screen.findByText(/No app password yet/);
    await user.type(screen.getByLabelText('App password'), 'long-enough-here');
    await confirmWith(user);
    await user.click(screen.getByRole('button', { name: 'Set app password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SUBSONIC_MESSAGES.appPasswordTooShort);
    expect(screen.queryByText('App password set')).toBeNull();
  });
});

describe('Subsonic apps: the account password asked first', () => {
  it('sends nothing without it, and says so on its field', async () => {
    const { calls } = fakeServer();
    const user = userEvent.setup();
    open();
    await screen.findByText('No API keys yet.');
    await user.type(screen.getByLabelText('Key name'), 'Phone');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const field = screen.getByLabelText('Your Wavelength password');
    expect(await screen.findByText(SUBSONIC_MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    await user.type(screen.getByLabelText('App password'), 'app-password-1');
    await user.click(screen.getByRole('button', { name: 'Set app password' }));
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(screen.queryByText('Copy this key now: it will not be shown again.')).toBeNull();
  });

  it("shows the server's refusal of a wrong password on the password field, and makes no key", async () => {
    fakeServer({ createAnswer: () => json(403, { success: false, message: SUBSONIC_MESSAGES.currentPasswordWrong }) });
    const user = userEvent.setup();
    open();
    await screen.findByText('No API keys yet.');
    await confirmWith(user, 'not my password');
    await user.type(screen.getByLabelText('Key name'), 'Phone');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(SUBSONIC_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByLabelText('Your Wavelength password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Key name')).toHaveValue('Phone');
    expect(screen.queryByText('Copy this key now: it will not be shown again.')).toBeNull();
  });

  it('refuses the account password as the app password before asking the server (docs/product.md §2.13)', async () => {
    const { calls } = fakeServer();
    const user = userEvent.setup();
    open();
    await screen.findByText(/No app password yet/);
    await confirmWith(user);
    await user.type(screen.getByLabelText('App password'), ACCOUNT_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set app password' }));
    expect(await screen.findByText(SUBSONIC_MESSAGES.appPasswordIsSignInPassword)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});

describe('Subsonic apps: the server fails', () => {
  it('says what could not be read', async () => {
    fakeServer({ failReads: true });
    open();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    for (const alert of screen.getAllByRole('alert')) expect(alert).toHaveTextContent('Something went wrong on our side');
  });
});
