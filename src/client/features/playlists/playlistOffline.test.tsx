import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../test/mockApi';
import { detail, renderPage, titles } from './test/playlistPage';

const OFFLINE = "You're offline: this change needs a network connection.";

let api: ReturnType<typeof mockApi>;
afterEach(() => api?.restore());

const changes = () => api.calls.filter((c) => c.method !== 'GET');

describe('a playlist change while the server cannot be reached (docs/product.md §2.17)', () => {
  it('refuses a move and a removal with the offline message, changes nothing and sends nothing', async () => {
    api = mockApi({ 'GET /playlists/p1': () => detail(['a', 'b', 'c']), 'GET /playlists': () => ({ success: true, playlists: [], total: 0 }) });
    const { store, services } = renderPage();
    await screen.findByRole('list', { name: 'Playlist songs' });
    act(() => services.reachability.set(false));

    await userEvent.click(screen.getByRole('button', { name: 'Move Song a down' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Song b from playlist' }));
    expect(titles()).toEqual(['Song a', 'Song b', 'Song c']);
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(store.getState().toasts.map((t) => t.message)).toEqual([OFFLINE, OFFLINE]);
    expect(changes()).toHaveLength(0);
  });

  it('says the same when a change gets no answer, and puts the song back', async () => {
    api = mockApi({
      'GET /playlists/p1': () => detail(['a', 'b']),
      'DELETE /playlists/p1/songs/b': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { store } = renderPage();
    await screen.findByRole('list', { name: 'Playlist songs' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Song b from playlist' }));
    await waitFor(() => expect(store.getState().toasts.map((t) => t.message)).toContain(OFFLINE));
    await waitFor(() => expect(titles()).toEqual(['Song a', 'Song b']));
  });
});
