import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { mockApi, type MockCall } from '../../test/mockApi';
import { renderWithProviders, signedInState } from '../../test/renderWithProviders';
import { BROWSE_PAGE_SIZE } from './browseApi';
import { albumCardName } from './components/AlbumCard';
import AlbumsPage from './pages/AlbumsPage';
import { fakeGridLayout } from './test/gridEnvironment';
import { albumOf } from './test/fixtures';

/** GET /albums over a library of `total` albums; the cursor is the index of the next album. */
function albumsRoute(total: number) {
  return ({ url }: MockCall) => {
    const params = new URL(url, 'http://localhost').searchParams;
    const start = Number(params.get('cursor') ?? 0);
    const limit = Number(params.get('limit'));
    const end = Math.min(total, start + limit);
    const albums = Array.from({ length: end - start }, (_, i) => albumOf(start + i, { name: `${params.get('sort')} ${start + i}` }));
    return { success: true, albums, nextCursor: end < total ? String(end) : null };
  };
}
const genres = () => ({
  success: true,
  genres: [
    { name: 'Ambient', songCount: 3, albumCount: 1 },
    { name: 'Jazz', songCount: 9, albumCount: 2 },
  ],
});

let api: ReturnType<typeof mockApi>;
let layout: ReturnType<typeof fakeGridLayout>;
beforeEach(() => {
  layout = fakeGridLayout(1000);
});
afterEach(() => {
  api?.restore();
  layout.restore();
});

const renderPage = (route = '/albums') =>
  renderWithProviders(
    <Routes>
      <Route path="/albums" element={<AlbumsPage />} />
    </Routes>,
    { route, preloadedState: signedInState() },
  );
const albumCalls = () => api.calls.filter((c) => c.path === '/albums').map((c) => Object.fromEntries(new URL(c.url, 'http://localhost').searchParams));

describe('Albums page', () => {
  it('shows the first page as cards linking to each album, drawing only the rows on screen', async () => {
    api = mockApi({ 'GET /albums': albumsRoute(5000), 'GET /genres': genres });
    renderPage();
    const grid = await screen.findByRole('list', { name: 'Albums' });
    expect(document.title).toBe('Albums · Wavelength');
    expect(within(grid).getByRole('link', { name: 'recent 0, Artist 0 · 1990' })).toHaveAttribute('href', `/albums/${albumOf(0).id}`);
    expect(within(grid).getAllByRole('listitem')).toHaveLength(36);
    expect(albumCalls()).toEqual([{ sort: 'recent', limit: String(BROWSE_PAGE_SIZE) }]);
  });

  it('loads the next cursor page as the end of what is loaded comes near', async () => {
    api = mockApi({ 'GET /albums': albumsRoute(5000), 'GET /genres': genres });
    renderPage();
    await screen.findByRole('list', { name: 'Albums' });
    act(() => layout.scrollTo(7 * 233));
    await waitFor(() => expect(albumCalls()).toHaveLength(2));
    expect(albumCalls()[1]).toMatchObject({ cursor: String(BROWSE_PAGE_SIZE) });
    act(() => layout.scrollTo(9 * 233));
    expect(
      await screen.findByRole('link', { name: albumCardName(albumOf(BROWSE_PAGE_SIZE + 5, { name: `recent ${BROWSE_PAGE_SIZE + 5}` })) }),
    ).toBeInTheDocument();
  });

  it('sorts and filters through the address, starting over from the first page', async () => {
    api = mockApi({ 'GET /albums': albumsRoute(3), 'GET /genres': genres });
    renderPage('/albums?genre=Jazz');
    await screen.findByRole('link', { name: 'recent 0, Artist 0 · 1990' });
    expect(albumCalls()[0]).toEqual({ sort: 'recent', genre: 'Jazz', limit: String(BROWSE_PAGE_SIZE) });
    expect(await screen.findByRole('option', { name: 'Ambient' })).toBeInTheDocument();
    expect(screen.getByLabelText('Genre')).toHaveValue('Jazz');

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'played' } });
    await screen.findByRole('link', { name: 'played 0, Artist 0 · 1990' });
    expect(albumCalls().at(-1)).toEqual({ sort: 'played', genre: 'Jazz', limit: String(BROWSE_PAGE_SIZE) });

    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '1999' } });
    await waitFor(() => expect(albumCalls().at(-1)).toEqual({ sort: 'played', genre: 'Jazz', year: '1999', limit: String(BROWSE_PAGE_SIZE) }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(
      expect.arrayContaining(['Recently added', 'Name', 'Artist', 'Year', 'Most played', 'Random']),
    );
  });

  it('says so when no album matches, and when the albums cannot be fetched', async () => {
    api = mockApi({ 'GET /albums': albumsRoute(0), 'GET /genres': genres });
    renderPage('/albums?year=1850');
    expect(await screen.findByText('No albums match these filters.')).toBeInTheDocument();
    api.restore();
    api = mockApi({ 'GET /albums': () => new Response('{}', { status: 500 }), 'GET /genres': genres });
    renderPage('/albums?sort=name');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch albums');
  });
});
