import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import PlaylistDetailPage from '../pages/PlaylistDetailPage';

const song = (id: string, duration: number) => ({
  id,
  title: `Song ${id}`,
  artist: 'Artist',
  duration,
  path: `${id}.mp3`,
  publicUrl: `/api/songs/stream/${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** GET /playlists/p1's answer: "Road trip" with songs `ids` ("Song <id>", 2:00 each), in that order. */
export const detail = (ids: string[]) => ({
  success: true,
  playlist: {
    id: 'p1',
    name: 'Road trip',
    description: '',
    coverImage: null,
    trackCount: ids.length,
    totalDuration: ids.length * 120,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    songs: ids.map((id, i) => ({ id: `e-${id}`, songId: id, position: i + 1, addedAt: '2026-01-01T00:00:00.000Z', song: song(id, 120) })),
  },
});

/** The detail page of playlist p1, signed in. */
export const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/playlists/:id" element={<PlaylistDetailPage />} />
    </Routes>,
    { route: '/playlists/p1', preloadedState: signedInState() },
  );

/** The titles the page lists, in order. */
export const titles = () =>
  within(screen.getByRole('list', { name: 'Playlist songs' }))
    .getAllByTestId('song-title')
    .map((t) => t.textContent);
