import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, json, mockApi } from '../../test/mockApi';
import { UNDO_MS } from './components/UndoBar';
import { detail, renderPage, titles } from './test/playlistPage';

let api: ReturnType<typeof mockApi>;
afterEach(() => {
  api?.restore();
  jest.useRealTimers();
});

describe('reordering a playlist', () => {
  it('moves a song down at once, saves the full order, and keeps the focus on the button used', async () => {
    // the server holds its answer back: the new order shows before it answers
    const answer = deferred();
    api = mockApi({
      'GET /playlists/p1': () => detail(['a', 'b', 'c']),
      'PUT /playlists/p1/order': async () => {
        await answer.promise;
        return detail(['b', 'a', 'c']);
      },
    });
    renderPage();
    await screen.findByRole('list', { name: 'Playlist songs' });
    expect(screen.getByRole('button', { name: 'Move Song a up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Song c down' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move Song a down' }));
    await waitFor(() => expect(titles()).toEqual(['Song b', 'Song a', 'Song c']));
    answer.resolve();
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ songIds: ['b', 'a', 'c'] }));
    expect(screen.getByRole('button', { name: 'Move Song a down' })).toHaveFocus();
    expect(screen.getByText('Moved Song a to position 2 of 3')).toBeInTheDocument();
  });

  it('takes the move back and says so when the server refuses it', async () => {
    api = mockApi({ 'GET /playlists/p1': () => detail(['a', 'b', 'c']), 'PUT /playlists/p1/order': () => json(500, { success: false, message: 'boom' }) });
    const { store } = renderPage();
    await screen.findByRole('list', { name: 'Playlist songs' });
    await userEvent.click(screen.getByRole('button', { name: 'Move Song c up' }));
    await waitFor(() => expect(titles()).toEqual(['Song a', 'Song b', 'Song c']));
    expect(store.getState().toasts.map((t) => t.message)).toContain('Failed to save the new order of the playlist');
  });

  it('moves with the arrow keys on the drag handle', async () => {
    api = mockApi({ 'GET /playlists/p1': () => detail(['a', 'b', 'c']), 'PUT /playlists/p1/order': () => detail(['a', 'c', 'b']) });
    renderPage();
    await screen.findByRole('list', { name: 'Playlist songs' });
    const handle = screen.getByRole('button', { name: /^Drag Song c/ });
    act(() => handle.focus());
    await waitFor(() => expect(handle).toHaveFocus());
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(titles()).toEqual(['Song a', 'Song c', 'Song b']));
    expect(screen.getByRole('button', { name: /^Drag Song c/ })).toHaveFocus();
  });
});

describe('removing a song', () => {
  it('offers Undo, which puts the song back at its index', async () => {
    let ids = ['a', 'b', 'c'];
    // the server holds each answer back: the page changes before it answers
    const removed = deferred();
    const restored = deferred();
    api = mockApi({
      'GET /playlists/p1': () => detail(ids),
      'DELETE /playlists/p1/songs/b': async () => {
        await removed.promise;
        ids = ['a', 'c'];
        return { success: true, changed: true };
      },
      'POST /playlists/p1/songs': async () => {
        await restored.promise;
        ids = ['a', 'b', 'c'];
        return { success: true, changed: true };
      },
      'GET /playlists': () => ({ success: true, playlists: [], total: 0 }),
    });
    renderPage();
    await screen.findByRole('list', { name: 'Playlist songs' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Song b from playlist' }));
    await waitFor(() => expect(titles()).toEqual(['Song a', 'Song c']));
    expect(screen.getByTestId('playlist-meta')).toHaveTextContent(/^2 tracks · /);
    removed.resolve();
    expect(await screen.findByRole('status')).toHaveTextContent('Removed Song b from the playlist');
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(titles()).toEqual(['Song a', 'Song b', 'Song c']));
    restored.resolve();
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ songId: 'b', index: 1 }));
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('stops offering Undo after a few seconds', async () => {
    jest.useFakeTimers();
    api = mockApi({ 'GET /playlists/p1': () => detail(['a', 'b']), 'DELETE /playlists/p1/songs/a': () => ({ success: true, changed: true }) });
    renderPage();
    await screen.findByRole('list', { name: 'Playlist songs' });
    act(() => screen.getByRole('button', { name: 'Remove Song a from playlist' }).click());
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(UNDO_MS + 10));
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });
});

describe('a playlist that cannot be shown', () => {
  it.each([
    [404, 'Playlist not found'],
    [500, 'Failed to fetch playlist details'],
  ])('answered %s says %s', async (status, text) => {
    api = mockApi({ 'GET /playlists/p1': () => json(status, { success: false, message: 'x' }) });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});
