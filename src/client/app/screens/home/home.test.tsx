import { screen, within } from '@testing-library/react';
import { mockApi } from '../../../test/mockApi';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { greeting } from './greeting';
import HomeScreen from './HomeScreen';

describe('greeting', () => {
  it('says morning before 12, afternoon before 18, evening after', () => {
    expect([0, 11, 12, 17, 18, 23].map(greeting)).toEqual(['Good morning', 'Good morning', 'Good afternoon', 'Good afternoon', 'Good evening', 'Good evening']);
  });
});

describe('the home page', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('greets by name and shows the counts, the live radio, the first 4 playlists and the chart', async () => {
    const playlists = Array.from({ length: 6 }, (_, i) => ({
      id: `p${i}`,
      name: `List ${i}`,
      description: '',
      coverImage: null,
      trackCount: i,
      totalDuration: i * 60,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    }));
    api = mockApi({
      'GET /liked-songs/ids': () => ({ success: true, songIds: ['a', 'b', 'c'] }),
      'GET /playlists': () => ({ success: true, playlists, total: 6 }),
      'GET /radio/queue': () => ({ success: true, queue: [], currentTrack: null, listeners: 7, isRadioActive: true, startedAt: null, serverTime: 0 }),
      'GET /stats/daily': () => ({
        success: true,
        days: Array.from({ length: 14 }, (_, i) => ({ date: `2026-03-${String(i + 5).padStart(2, '0')}`, plays: i % 3 })),
      }),
      'GET /stats/recently-played': () => ({ success: true, songs: [] }),
      'GET /stats/top-charts': () => ({ success: true, songs: [] }),
      'GET /stats/trending': () => ({ success: true, songs: [] }),
    });
    renderWithProviders(<HomeScreen />, { preloadedState: signedInState() });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/^Good (morning|afternoon|evening), listener$/);
    expect(await within(screen.getByTestId('tile-liked')).findByText('3 songs')).toBeInTheDocument();
    expect(await within(screen.getByTestId('tile-playlists')).findByText('6 playlists')).toBeInTheDocument();
    expect(await screen.findByText('Live · 7 listeners')).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['List 0', 'List 1', 'List 2', 'List 3']);
    expect(screen.getByRole('link', { name: /Create playlist/ })).toHaveAttribute('href', '/playlists/create');
    expect(await screen.findAllByTestId('plays-bar')).toHaveLength(14);
    expect(screen.getByRole('img', { name: /Plays per day: 13 plays in the last 14 days/ })).toBeInTheDocument();
  });
});
