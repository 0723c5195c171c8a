import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RadioQueueTrack, RadioSnapshot } from '../../../../contract/radio';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { radioSaga } from '../radioSagas';
import { radioActions } from '../radioSlice';
import RadioPage from './RadioPage';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function track(n: number): RadioQueueTrack {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    songId: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Track ${n}`,
    artist: `Artist ${n}`,
    duration: 125,
    addedBy: { id: 'a1', username: 'dj-admin' },
    addedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    url: `/api/songs/stream/x?st=y`,
  };
}

const snapshot = (over: Partial<RadioSnapshot> = {}): RadioSnapshot => ({
  success: true,
  queue: [],
  currentTrack: null,
  listeners: 0,
  isRadioActive: false,
  startedAt: null,
  serverTime: Date.now(),
  ...over,
});

function fakeApi(routes: Record<string, () => Response>) {
  const calls: string[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    calls.push(key);
    return routes[key]?.() ?? json(404, { success: false, message: 'Not found' });
  }) as typeof fetch;
  return calls;
}

describe('RadioPage', () => {
  it('shows the connection status, listeners, now playing and the queue with who added each track', async () => {
    fakeApi({ 'GET /api/radio/queue': () => json(200, snapshot()) });
    const { store } = renderWithProviders(<RadioPage />, { preloadedState: signedInState('user') });
    act(() => {
      store.dispatch(radioActions.connected());
      store.dispatch(
        radioActions.stateReceived({
          queue: [track(2), track(3)],
          currentTrack: track(1),
          listeners: 7,
          isRadioActive: true,
          startedAt: Date.now() - 30_000,
          serverTime: Date.now(),
        }),
      );
    });
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(screen.getByLabelText('Listeners')).toHaveTextContent('7 listeners');
    const now = screen.getByRole('region', { name: 'Now playing' });
    expect(within(now).getByText('Track 1')).toBeInTheDocument();
    expect(within(now).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
    const queue = screen.getByRole('list', { name: 'Queue' });
    expect(
      within(queue)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('strong')?.textContent),
    ).toEqual(['Track 2', 'Track 3']);
    expect(within(queue).getAllByText(/added by dj-admin 5 min ago/)).toHaveLength(2);
    // listeners get no admin controls
    expect(screen.queryByRole('button', { name: 'Start radio' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('says so when the queue is empty, and shows the REST snapshot before the socket connects', async () => {
    fakeApi({ 'GET /api/radio/queue': () => json(200, snapshot({ listeners: 3 })) });
    renderWithProviders(<RadioPage />, { preloadedState: signedInState('user') });
    expect(await screen.findByText('No tracks in the queue...')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Listeners')).toHaveTextContent('3 listeners'));
    expect(screen.getByText('Disconnected')).toBeInTheDocument();
  });

  it("shows 'Failed to load queue' when the queue cannot be read", async () => {
    fakeApi({ 'GET /api/radio/queue': () => json(500, { success: false, message: 'boom' }) });
    renderWithProviders(<RadioPage />, { preloadedState: signedInState('user') });
    expect(await screen.findByText('Failed to load queue')).toBeInTheDocument();
  });

  it('gives admins start, skip and remove, and reports failures with the spec messages', async () => {
    const calls = fakeApi({
      'GET /api/radio/queue': () => json(200, snapshot({ queue: [track(4)] })),
      'POST /api/radio/toggle': () => json(500, { success: false, message: 'x' }),
      'DELETE /api/radio/queue/00000000-0000-4000-8000-000000000004': () => json(500, { success: false, message: 'x' }),
    });
    const { store } = renderWithProviders(<RadioPage />, { preloadedState: signedInState('admin') });
    fireEvent.click(await screen.findByRole('button', { name: 'Start radio' }));
    await waitFor(() => expect(store.getState().toasts.map((t) => t.message)).toContain('Failed to toggle radio status'));
    expect(screen.getByRole('button', { name: 'Skip' })).toBeDisabled();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Track 4 from the queue' }));
    await waitFor(() => expect(store.getState().toasts.map((t) => t.message)).toContain('Failed to remove track from queue'));
    expect(calls).toContain('POST /api/radio/toggle');
  });

  it('treats a 409 on skip as a failed skip', async () => {
    fakeApi({
      'GET /api/radio/queue': () => json(200, snapshot({ isRadioActive: true, currentTrack: track(5), startedAt: Date.now() })),
      'POST /api/radio/skip': () => json(409, { success: false, message: 'The radio is not on' }),
    });
    // the skip goes through the radio's saga
    const { store } = renderWithProviders(<RadioPage />, { preloadedState: signedInState('admin'), saga: radioSaga });
    const skip = await screen.findByRole('button', { name: 'Skip' });
    await waitFor(() => expect(skip).toBeEnabled());
    fireEvent.click(skip);
    await waitFor(() => expect(store.getState().toasts.map((t) => t.message)).toContain('Failed to skip track'));
  });
});
