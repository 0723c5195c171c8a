import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { json, mockApi } from '../../test/mockApi';
import { renderWithProviders, signedInState } from '../../test/renderWithProviders';
import { PlaylistFormDialog } from './components/PlaylistFormDialog';
import { playlistMeta } from './components/PlaylistCard';
import PlaylistsPage from './pages/PlaylistsPage';

const playlist = (over: Partial<Record<string, unknown>> = {}) => ({
  id: 'p1',
  name: 'Road trip',
  description: 'long drives',
  coverImage: null,
  trackCount: 3,
  totalDuration: 3 * 3600 + 5 * 60,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

let api: ReturnType<typeof mockApi>;
afterEach(() => api?.restore());

describe('playlist card text', () => {
  it("shows the total as 'H hr M min' or 'M min'", () => {
    expect(playlistMeta({ trackCount: 3, totalDuration: 11_100 })).toBe('3 tracks · 3 hr 5 min');
    expect(playlistMeta({ trackCount: 1, totalDuration: 185 })).toBe('1 track · 3 min');
  });
});

describe('the create dialog', () => {
  it('keeps Create disabled while the name is blank, and sends the trimmed name', async () => {
    api = mockApi({
      'POST /playlists': (call) => json(201, { success: true, playlist: { ...playlist(), name: (call.body as { name: string }).name, songs: [] } }),
    });
    const onClose = jest.fn();
    renderWithProviders(<PlaylistFormDialog open onClose={onClose} />, { preloadedState: signedInState() });
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Name'), '   ');
    expect(create).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Name'), 'Focus  ');
    expect(create).toBeEnabled();
    await userEvent.click(create);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/playlists', body: { name: 'Focus', description: '' } });
  });

  it.each(['Authentication required', 'User not found'])("asks to log in again when the server says '%s'", async (message) => {
    api = mockApi({ 'POST /playlists': () => json(404, { success: false, message }) });
    renderWithProviders(<PlaylistFormDialog open onClose={() => {}} />, { preloadedState: signedInState() });
    await userEvent.type(screen.getByLabelText('Name'), 'Mine');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Please log in again to create a playlist')).toBeInTheDocument();
  });

  it('shows any other server message as it is', async () => {
    api = mockApi({ 'POST /playlists': () => json(400, { success: false, message: 'Playlist name is required' }) });
    renderWithProviders(<PlaylistFormDialog open onClose={() => {}} />, { preloadedState: signedInState() });
    await userEvent.type(screen.getByLabelText('Name'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Playlist name is required')).toBeInTheDocument();
  });

  it('refuses a cover that is not a JPEG, PNG or WebP before sending anything', async () => {
    api = mockApi({});
    renderWithProviders(<PlaylistFormDialog open onClose={() => {}} />, { preloadedState: signedInState() });
    const file = new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' });
    await userEvent.upload(screen.getByLabelText(/Cover image/), file, { applyAccept: false });
    expect(screen.getByText('Cover image must be a JPEG, PNG or WebP image')).toBeInTheDocument();
  });
});

describe('the playlists page', () => {
  function renderPage(route: string) {
    return renderWithProviders(
      <Routes>
        <Route path="/playlists" element={<PlaylistsPage />} />
        <Route path="/playlists/create" element={<PlaylistsPage />} />
      </Routes>,
      { route, preloadedState: signedInState() },
    );
  }

  it("says 'No playlists yet' when there are none, and /playlists/create opens the create dialog", async () => {
    api = mockApi({ 'GET /playlists': () => ({ success: true, playlists: [], total: 0 }) });
    renderPage('/playlists/create');
    expect(await screen.findByText('No playlists yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create playlist' })).toBeInTheDocument();
  });

  it('shows cards, and deletes from the context menu after the confirmation', async () => {
    let list = [playlist(), playlist({ id: 'p2', name: 'Gym', trackCount: 0, totalDuration: 0 })];
    api = mockApi({
      'GET /playlists': () => ({ success: true, playlists: list, total: list.length }),
      'DELETE /playlists/p1': () => {
        list = list.filter((p) => p.id !== 'p1');
        return { success: true };
      },
    });
    renderPage('/playlists');
    const card = await screen.findByRole('article', { name: 'Road trip' });
    expect(within(card).getByText('long drives')).toBeInTheDocument();
    expect(within(card).getByText('3 tracks · 3 hr 5 min')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'More options for Road trip' }));
    expect(within(card).getByRole('menuitem', { name: 'View' })).toBeInTheDocument();
    expect(within(card).getByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('menuitem', { name: 'Delete' }));
    expect(screen.getByText('Are you sure you want to delete this playlist?')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Road trip' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Gym' })).toBeInTheDocument();
  });
});
