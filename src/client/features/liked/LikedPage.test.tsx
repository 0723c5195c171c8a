import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../test/mockApi';
import { signedInState, renderWithProviders } from '../../test/renderWithProviders';
import LikedPage from './pages/LikedPage';

const song = (id: string, title: string) => ({
  id,
  title,
  artist: 'Lumen',
  duration: 90,
  path: `${id}.mp3`,
  publicUrl: `/api/songs/stream/${id}?st=t`,
  createdAt: '2026-01-01T00:00:00.000Z',
});

let api: ReturnType<typeof mockApi>;
afterEach(() => api.restore());

describe('the liked page', () => {
  it("says 'No liked songs yet...' when there are none", async () => {
    api = mockApi({ 'GET /liked-songs': () => ({ success: true, songs: [], total: 0 }), 'GET /liked-songs/ids': () => ({ success: true, songIds: [] }) });
    renderWithProviders(<LikedPage />, { preloadedState: signedInState() });
    expect(await screen.findByText('No liked songs yet...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Play all/ })).toBeDisabled();
  });

  it('plays all in order from the liked source, and unliking takes the song off the list at once', async () => {
    let entries = [
      { id: 'l2', createdAt: '2026-01-02T00:00:00.000Z', song: song('s2', 'Second') },
      { id: 'l1', createdAt: '2026-01-01T00:00:00.000Z', song: song('s1', 'First') },
    ];
    api = mockApi({
      'GET /liked-songs': () => ({ success: true, songs: entries, total: entries.length }),
      'GET /liked-songs/ids': () => ({ success: true, songIds: entries.map((e) => e.song.id) }),
      'POST /liked-songs/s2/toggle': () => {
        entries = entries.filter((e) => e.song.id !== 's2');
        return { success: true, liked: false };
      },
    });
    const { store } = renderWithProviders(<LikedPage />, { preloadedState: signedInState() });
    // record what the page dispatches (it re-renders with the list, picking up this dispatch)
    const dispatched: { type: string; payload?: unknown }[] = [];
    const original = store.dispatch;
    store.dispatch = ((action: { type: string }) => {
      dispatched.push(action);
      return original(action as never);
    }) as typeof store.dispatch;
    expect(await screen.findByText('2 songs · 3 min')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Play all/ }));
    const playAll = dispatched.find((a) => a.type === 'player/playAllRequested');
    expect(playAll?.payload).toEqual({
      tracks: [
        { id: 's2', title: 'Second', artist: 'Lumen', url: '/api/songs/stream/s2?st=t', duration: 90 },
        { id: 's1', title: 'First', artist: 'Lumen', url: '/api/songs/stream/s1?st=t', duration: 90 },
      ],
      source: 'liked',
    });

    await waitFor(() => expect(screen.getByRole('button', { name: 'Like Second' })).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(screen.getByRole('button', { name: 'Like Second' }));
    await waitFor(() => expect(screen.queryByText('Second')).not.toBeInTheDocument());
    expect(screen.getByText('First')).toBeInTheDocument();
  });
});
