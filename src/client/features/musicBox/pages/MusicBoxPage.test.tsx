import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import createSagaMiddleware from 'redux-saga';
import type { Suggestion } from '../../../../contract/musicbox';
import { memoryTokenStore, createTestServices } from '../../../test/testServices';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { baseApi } from '../../../api/baseApi';
import type { Services } from '../../../services';
import { toastSlice } from '../../../ui/toast/toastSlice';
import { authSlice } from '../../../shared/session';
import { musicBoxSaga } from '../musicBoxSagas';
import { musicBoxSlice } from '../musicBoxSlice';
import MusicBoxPage from './MusicBoxPage';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function suggestion(n: number, overrides: Partial<Suggestion> = {}): Suggestion {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    title: `Song ${n}`,
    artist: `Artist ${n}`,
    status: 'pending',
    voteCount: 0,
    hasVoted: false,
    suggestedBy: 'abcdef12-3456-4789-8abc-def012345678',
    suggestedByUser: { id: 'abcdef12-3456-4789-8abc-def012345678', username: 'someone' },
    songId: null,
    createdAt: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

/** A fake Music Box API over `rows`; `handlers` override single routes. */
function fakeApi(rows: Suggestion[], handlers: Partial<Record<string, (call: Call) => Promise<Response> | Response>> = {}) {
  const calls: Call[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call = { method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const path = url.pathname.replace(/^\/api/, '');
    const key = `${method} ${path.replace(/[0-9a-f-]{36}/, ':id')}`;
    if (handlers[key]) return handlers[key](call);
    if (key === 'GET /musicbox/suggestions') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const slice = rows.slice((page - 1) * limit, page * limit);
      return json(200, { success: true, suggestions: slice, total: rows.length, page, hasMore: page * limit < rows.length });
    }
    return json(404, { success: false, message: 'Not found' });
  }) as typeof fetch;
  return calls;
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/musicbox/suggestions');

/** A store running only this feature's saga, so other features' start-up sagas cannot interfere. */
function storeWithMusicBoxSaga(services: Services) {
  const sagas = createSagaMiddleware({ context: { services } });
  const store = configureStore({
    reducer: combineSlices(baseApi, authSlice, musicBoxSlice, toastSlice),
    preloadedState: signedInState('user'),
    middleware: (gDM) => gDM({ thunk: { extraArgument: services } }).concat(baseApi.middleware, sagas),
  });
  sagas.run(musicBoxSaga);
  return store as unknown as NonNullable<Parameters<typeof renderWithProviders>[1]>['store'];
}

function signedIn(role: 'user' | 'admin' = 'user', token: string | null = 'token-1') {
  return { preloadedState: signedInState(role), services: createTestServices({ tokenStore: memoryTokenStore(token) }) };
}

describe('the Music Box page', () => {
  it("says 'No suggestions yet. Be the first to suggest a song!' when there are none", async () => {
    fakeApi([]);
    renderWithProviders(<MusicBoxPage />, signedIn());
    expect(await screen.findByText('No suggestions yet. Be the first to suggest a song!')).toBeInTheDocument();
  });

  it("says 'Failed to fetch suggestions' when the list cannot be loaded", async () => {
    fakeApi([], { 'GET /musicbox/suggestions': () => json(500, { success: false, message: 'boom' }) });
    renderWithProviders(<MusicBoxPage />, signedIn());
    expect(await screen.findByText('Failed to fetch suggestions')).toBeInTheDocument();
  });

  it('asks for popular first, shows Load More while a full page comes back, and appends the next page', async () => {
    const rows = Array.from({ length: 13 }, (_, i) => suggestion(i + 1));
    const calls = fakeApi(rows);
    renderWithProviders(<MusicBoxPage />, signedIn());
    expect(await screen.findByText('Song 1')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(listCalls(calls)[0].url.searchParams.get('sort')).toBe('popular');
    expect(listCalls(calls)[0].url.searchParams.get('limit')).toBe('10');

    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByText('Song 13')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(13);
    expect(listCalls(calls).at(-1)!.url.searchParams.get('page')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('sorts by newest and searches on request', async () => {
    const calls = fakeApi([suggestion(1)]);
    renderWithProviders(<MusicBoxPage />, signedIn());
    await screen.findByText('Song 1');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'newest' } });
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('sort')).toBe('newest'));
    fireEvent.change(screen.getByLabelText('Search suggestions'), { target: { value: 'blue' } });
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('search')).toBe('blue'));
  });

  it('shows each status in its colour role: pending, approved, rejected', async () => {
    fakeApi([suggestion(1), suggestion(2, { status: 'approved' }), suggestion(3, { status: 'rejected' })]);
    renderWithProviders(<MusicBoxPage />, signedIn());
    await screen.findByText('Song 1');
    expect(screen.getByText('Pending')).toHaveAttribute('data-status', 'pending');
    expect(screen.getByText('Approved')).toHaveAttribute('data-status', 'approved');
    expect(screen.getByText('Rejected')).toHaveAttribute('data-status', 'rejected');
  });
});

describe('voting', () => {
  it('counts the vote at once, then takes the count the server answers', async () => {
    let answer!: (r: Response) => void;
    fakeApi([suggestion(1, { voteCount: 3 })], {
      'POST /musicbox/suggestions/:id/toggle-vote': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithProviders(<MusicBoxPage />, signedIn());
    const button = await screen.findByRole('button', { name: /^Vote for Song 1/ });
    expect(within(button).getByTestId('vote-count')).toHaveTextContent('3');
    fireEvent.click(button);
    const voted = await screen.findByRole('button', { name: /^Remove your vote for Song 1/ });
    expect(voted).toHaveAttribute('aria-pressed', 'true');
    expect(within(voted).getByTestId('vote-count')).toHaveTextContent('4');
    await act(async () => answer(json(200, { success: true, hasVoted: true, voteCount: 7 })));
    await waitFor(() => expect(within(voted).getByTestId('vote-count')).toHaveTextContent('7'));
  });

  it("rolls the vote back and says 'Failed to vote' when the server refuses", async () => {
    let answer!: (r: Response) => void;
    fakeApi([suggestion(1, { voteCount: 2, hasVoted: true })], {
      'POST /musicbox/suggestions/:id/toggle-vote': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { store } = renderWithProviders(<MusicBoxPage />, signedIn());
    fireEvent.click(await screen.findByRole('button', { name: /^Remove your vote for Song 1/ }));
    const unvoted = await screen.findByRole('button', { name: /^Vote for Song 1, 1 vote$/ });
    expect(unvoted).toHaveAttribute('aria-pressed', 'false');
    await act(async () => answer(json(500, { success: false, message: 'database down' })));
    const back = await screen.findByRole('button', { name: /^Remove your vote for Song 1, 2 votes$/ });
    expect(back).toHaveAttribute('aria-pressed', 'true');
    expect(store.getState().toasts.map((t) => [t.message, t.kind])).toEqual([['Failed to vote', 'error']]);
  });

  it("says 'Please log in to vote' and sends nothing when the token is gone", async () => {
    const calls = fakeApi([suggestion(1)]);
    const { store, services } = renderWithProviders(<MusicBoxPage />, signedIn());
    await screen.findByText('Song 1');
    services.tokenStore.clear();
    fireEvent.click(screen.getByRole('button', { name: /^Vote for Song 1/ }));
    await waitFor(() => expect(store.getState().toasts.map((t) => t.message)).toEqual(['Please log in to vote']));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(within(screen.getByRole('button', { name: /^Vote for Song 1/ })).getByTestId('vote-count')).toHaveTextContent('0');
  });
});

describe('suggesting', () => {
  it('requires a title and an artist', async () => {
    const calls = fakeApi([]);
    renderWithProviders(<MusicBoxPage />, signedIn());
    fireEvent.click(screen.getByRole('button', { name: 'Suggest' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Artist is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("says 'Please log in to suggest songs' without a stored token", async () => {
    const calls = fakeApi([]);
    renderWithProviders(<MusicBoxPage />, signedIn('user', null));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'A' } });
    fireEvent.change(screen.getByLabelText('Artist'), { target: { value: 'B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suggest' }));
    expect(await screen.findByText('Please log in to suggest songs')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("says 'Failed to add suggestion' when the server fails", async () => {
    fakeApi([], { 'POST /musicbox/suggestions': () => json(500, { success: false }) });
    renderWithProviders(<MusicBoxPage />, signedIn());
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'A' } });
    fireEvent.change(screen.getByLabelText('Artist'), { target: { value: 'B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suggest' }));
    expect(await screen.findByText('Failed to add suggestion')).toBeInTheDocument();
  });

  it('on a duplicate names the original, loads pages until it is there, scrolls to it and highlights it for 2 s', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => suggestion(i + 1));
    const original = rows[21];
    const calls = fakeApi(rows, {
      'POST /musicbox/suggestions': () => json(409, { success: false, message: 'This song has already been suggested.', existingSuggestion: original }),
    });
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    renderWithProviders(<MusicBoxPage />, { store: storeWithMusicBoxSaga(signedIn().services) });
    await screen.findByText('Song 1');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'song 22!' } });
    fireEvent.change(screen.getByLabelText('Artist'), { target: { value: 'ARTIST 22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suggest' }));

    expect(await screen.findByText('This song has already been suggested.')).toBeInTheDocument();
    expect(screen.getByText(/suggested by user abcdef12 on/)).toHaveTextContent(
      new Date(original.createdAt).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }),
    );

    const item = await waitFor(() => {
      const el = document.getElementById(`suggestion-${original.id}`);
      expect(el).toHaveAttribute('data-highlighted', 'true');
      return el!;
    });
    expect(listCalls(calls).map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2', '3']);
    expect(scrolled).toEqual([`suggestion-${original.id}`]);
    const since = Date.now();
    await waitFor(() => expect(item).not.toHaveAttribute('data-highlighted'), { timeout: 3_000 });
    expect(Date.now() - since).toBeGreaterThan(1_500);
  });
});

describe('moderation', () => {
  it('lets an admin approve after a confirmation, and the status turns approved', async () => {
    const rows = [suggestion(1)];
    const calls = fakeApi(rows, {
      'PUT /musicbox/suggestions/:id/status': (call) => {
        rows[0] = { ...rows[0], status: (call.body as { status: 'approved' }).status };
        return json(200, { success: true, suggestion: rows[0] });
      },
    });
    renderWithProviders(<MusicBoxPage />, signedIn('admin'));
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Song 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve suggestion' });
    expect(within(dialog).getByText('Approve “Song 1” by Artist 1?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved')).toHaveAttribute('data-status', 'approved');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ status: 'approved' });
    expect(screen.queryByRole('button', { name: 'Approve Song 1' })).not.toBeInTheDocument();
  });

  it("cancelling a confirmation changes nothing; a failure says 'Failed to update suggestion status'", async () => {
    const calls = fakeApi([suggestion(1)], {
      'PUT /musicbox/suggestions/:id/status': () => json(409, { success: false, message: 'Only pending suggestions can be approved or rejected' }),
    });
    const { store } = renderWithProviders(<MusicBoxPage />, signedIn('admin'));
    fireEvent.click(await screen.findByRole('button', { name: 'Reject Song 1' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Reject Song 1' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(store.getState().toasts.map((t) => t.message)).toEqual(['Failed to update suggestion status']));
  });

  it('lets owners delete their own suggestions only, after a confirmation', async () => {
    const mine = suggestion(1, { suggestedBy: 'u1', suggestedByUser: { id: 'u1', username: 'listener' } });
    const rows = [mine, suggestion(2)];
    const calls = fakeApi(rows, {
      'DELETE /musicbox/suggestions/:id': () => {
        rows.splice(0, 1);
        return json(200, { success: true });
      },
    });
    renderWithProviders(<MusicBoxPage />, signedIn('user'));
    await screen.findByText('Song 2');
    expect(screen.queryByRole('button', { name: 'Delete Song 2' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Song 1' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Song 1')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'DELETE')!.url.pathname).toBe(`/api/musicbox/suggestions/${mine.id}`);
  });

  it('offers admins to queue an approved suggestion that is in the library', async () => {
    const calls = fakeApi([suggestion(1, { status: 'approved', songId: 'song-1' })], {
      'POST /radio/queue': () => json(201, { success: true }),
    });
    const { store } = renderWithProviders(<MusicBoxPage />, signedIn('admin'));
    fireEvent.click(await screen.findByRole('button', { name: 'Add to radio queue' }));
    await waitFor(() => expect(store.getState().toasts.map((t) => t.kind)).toEqual(['success']));
    expect(calls.find((c) => c.url.pathname === '/api/radio/queue')!.body).toEqual({ songId: 'song-1' });
  });
});
