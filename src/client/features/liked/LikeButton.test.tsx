import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, json, mockApi } from '../../test/mockApi';
import { renderWithProviders, signedInState } from '../../test/renderWithProviders';
import { LikeButton } from './components/LikeButton';

const song = { id: 's1', title: 'Blue Hour' };

function TwoPlaces() {
  // the same song in the search results and in the player bar
  return (
    <>
      <section aria-label="search">
        <LikeButton song={song} />
      </section>
      <section aria-label="player">
        <LikeButton song={song} />
      </section>
    </>
  );
}

describe('LikeButton: one source of truth, optimistic, rolled back on failure', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('shows a like at once everywhere, before the server answers, and keeps it when it succeeds', async () => {
    const gate = deferred();
    api = mockApi({
      'GET /liked-songs/ids': () => ({ success: true, songIds: [] }),
      'POST /liked-songs/s1/toggle': async () => {
        await gate.promise;
        return { success: true, liked: true };
      },
    });
    renderWithProviders(<TwoPlaces />, { preloadedState: signedInState() });
    const buttons = await screen.findAllByRole('button', { name: 'Like Blue Hour' });
    await waitFor(() => expect(api.calls.some((c) => c.path === '/liked-songs/ids')).toBe(true));
    await waitFor(() => expect(buttons[0]).toBeEnabled());

    await userEvent.click(buttons[0]);
    // optimistic: both places flip before the response
    await waitFor(() => buttons.forEach((b) => expect(b).toHaveAttribute('aria-pressed', 'true')));
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);

    await act(async () => gate.resolve());
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/liked-songs/ids').length).toBeGreaterThanOrEqual(1));
    buttons.forEach((b) => expect(b).toHaveAttribute('aria-pressed', 'true'));
  });

  it("rolls back in every place and says 'Failed to update like status' when the call fails", async () => {
    api = mockApi({
      'GET /liked-songs/ids': () => ({ success: true, songIds: ['s1'] }),
      'POST /liked-songs/s1/toggle': () => json(500, { success: false, message: 'boom' }),
    });
    const { store } = renderWithProviders(<TwoPlaces />, { preloadedState: signedInState() });
    const buttons = await screen.findAllByRole('button', { name: 'Like Blue Hour' });
    await waitFor(() => buttons.forEach((b) => expect(b).toHaveAttribute('aria-pressed', 'true')));

    await userEvent.click(buttons[1]);
    await waitFor(() => expect(store.getState().toasts.map((t) => t.message)).toContain('Failed to update like status'));
    buttons.forEach((b) => expect(b).toHaveAttribute('aria-pressed', 'true'));
  });

  it('asks a visitor to log in instead of calling the API', async () => {
    api = mockApi({});
    const { store } = renderWithProviders(<LikeButton song={song} />, {
      preloadedState: { auth: { user: null, isAuthenticated: false, isLoading: false, error: null } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Like Blue Hour' }));
    expect(store.getState().toasts.map((t) => t.message)).toEqual(['Please log in to like songs']);
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a like while the server cannot be reached, saying so, and sends nothing', async () => {
    api = mockApi({ 'GET /liked-songs/ids': () => ({ success: true, songIds: [] }) });
    const { store, services } = renderWithProviders(<LikeButton song={song} />, { preloadedState: signedInState() });
    await waitFor(() => expect(api.calls.some((c) => c.path === '/liked-songs/ids')).toBe(true));
    act(() => services.reachability.set(false));
    await userEvent.click(screen.getByRole('button', { name: 'Like Blue Hour' }));
    expect(store.getState().toasts.map((t) => t.message)).toEqual(["You're offline: this change needs a network connection."]);
    expect(screen.getByRole('button', { name: 'Like Blue Hour' })).toHaveAttribute('aria-pressed', 'false');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
