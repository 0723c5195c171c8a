import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { json, mockApi } from '../../test/mockApi';
import { renderWithProviders, signedInState } from '../../test/renderWithProviders';
import { playerActions, toPlayerTrack } from '../../shared/player';
import AlbumPage from './pages/AlbumPage';
import ArtistPage from './pages/ArtistPage';
import ArtistsPage from './pages/ArtistsPage';
import GenresPage from './pages/GenresPage';
import { fakeGridLayout } from './test/gridEnvironment';
import { albumOf, artistOf, songOf } from './test/fixtures';

const HARBOUR = albumOf(1, { name: 'Harbour Lights', albumArtist: 'The Tidal Quartet', year: 2019, genres: ['Ambient', 'Jazz'], songCount: 4, duration: 3725 });
const discs = [
  songOf(1, { discNumber: 1, trackNumber: 1 }),
  songOf(2, { discNumber: 1, trackNumber: 2 }),
  songOf(3, { discNumber: 2, trackNumber: 1 }),
  songOf(4, { discNumber: 2, trackNumber: 2 }),
];
const QUARTET = artistOf(9, { name: 'The Tidal Quartet' });
const notFound = (message: string) => () => json(404, { success: false, message });

let api: ReturnType<typeof mockApi>;
let layout: ReturnType<typeof fakeGridLayout>;
beforeEach(() => {
  layout = fakeGridLayout(1000);
});
afterEach(() => {
  api?.restore();
  layout.restore();
});

const pages = () => (
  <Routes>
    <Route path="/albums/:id" element={<AlbumPage />} />
    <Route path="/artists" element={<ArtistsPage />} />
    <Route path="/artists/:id" element={<ArtistPage />} />
    <Route path="/genres" element={<GenresPage />} />
  </Routes>
);
const renderAt = (route: string) => renderWithProviders(pages(), { route, preloadedState: signedInState() });

describe('Album page', () => {
  const routes = {
    [`GET /albums/${HARBOUR.id}`]: () => ({ success: true, album: { ...HARBOUR, albumArtistId: QUARTET.id, songs: discs } }),
    'GET /liked-songs/ids': () => ({ success: true, songIds: [] }),
  };

  it('shows the artwork, the facts, a link to the album artist and the songs under a heading per disc', async () => {
    api = mockApi(routes);
    renderAt(`/albums/${HARBOUR.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Lights' })).toBeInTheDocument();
    expect(document.title).toBe('Harbour Lights · Wavelength');
    expect(screen.getByTestId('album-facts')).toHaveTextContent('4 songs · 1 hr 2 min');
    expect(screen.getByText('Ambient, Jazz')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'The Tidal Quartet' })).toHaveAttribute('href', `/artists/${QUARTET.id}`);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Disc 1', 'Disc 2']);
    const second = screen.getByRole('list', { name: 'Harbour Lights, disc 2' });
    expect(
      within(second)
        .getAllByTestId('song-title')
        .map((t) => t.textContent),
    ).toEqual(['Song 3', 'Song 4']);
    // each row carries the artwork and the like and add-to-playlist buttons of every list
    expect(within(second).getAllByTestId('artwork')[0]).toHaveAttribute('src', '/api/artwork/ab12?size=64');
    expect(within(second).getByRole('button', { name: /like song 3/i })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: /add song 3 to (a )?playlist/i })).toBeInTheDocument();
  });

  it('plays the whole album in disc order, shuffles it, and a row queues the rest of the album', async () => {
    api = mockApi(routes);
    const { store, rerender } = renderAt(`/albums/${HARBOUR.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Harbour Lights' });
    const dispatch = jest.spyOn(store, 'dispatch');
    rerender(pages()); // the hooks take the spied dispatch
    fireEvent.click(screen.getByRole('button', { name: 'Play all' }));
    expect(dispatch).toHaveBeenLastCalledWith(playerActions.playAllRequested({ tracks: discs.map(toPlayerTrack), source: 'library' }));
    expect(toPlayerTrack(discs[0])).toMatchObject({ album: 'Harbour Lights', artworkUrl: '/api/artwork/ab12' });

    fireEvent.click(screen.getByRole('button', { name: 'Shuffle' }));
    const shuffled = (dispatch.mock.lastCall![0] as ReturnType<typeof playerActions.playAllRequested>).payload.tracks;
    expect(shuffled.map((t) => t.id).sort()).toEqual(discs.map((s) => s.id).sort());

    fireEvent.click(screen.getByRole('button', { name: 'Play Song 3' }));
    expect(dispatch).toHaveBeenLastCalledWith(playerActions.playAllRequested({ tracks: discs.map(toPlayerTrack), startIndex: 2, source: 'library' }));
  });

  it('has no disc headings for a single disc, and says "Album not found" for an unknown album', async () => {
    api = mockApi({
      ...routes,
      [`GET /albums/${HARBOUR.id}`]: () => ({ success: true, album: { ...HARBOUR, songs: discs.slice(0, 2).map((s) => ({ ...s, discNumber: 1 })) } }),
    });
    renderAt(`/albums/${HARBOUR.id}`);
    await screen.findByRole('list', { name: 'Harbour Lights songs' });
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    api.restore();
    api = mockApi({ 'GET /albums/nope': notFound('Album not found') });
    renderAt('/albums/nope');
    expect(await screen.findByText('Album not found')).toBeInTheDocument();
    expect(document.title).toBe('Album not found · Wavelength');
  });
});

describe('Artists, Artist and Genres pages', () => {
  it('lists artists in the order given with their counts, a page at a time', async () => {
    api = mockApi({
      'GET /artists': ({ url }) =>
        new URL(url, 'http://localhost').searchParams.get('cursor')
          ? { success: true, artists: [artistOf(3)], nextCursor: null }
          : { success: true, artists: [artistOf(1), artistOf(2, { albumCount: 1, songCount: 1 })], nextCursor: 'c2' },
    });
    renderAt('/artists');
    const list = await screen.findByRole('list', { name: 'Artists' });
    expect(within(list).getByRole('link', { name: /Artist 2\s*1 album · 1 song/ })).toHaveAttribute('href', `/artists/${artistOf(2).id}`);
    fireEvent.click(screen.getByRole('button', { name: 'Show more artists' }));
    expect(await screen.findByRole('link', { name: /Artist 3/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more artists' })).toBeNull();
  });

  it('shows an artist with top songs and albums, and "Artist not found" for an unknown one', async () => {
    const artist = { ...QUARTET, albums: [HARBOUR, albumOf(2)], topSongs: [songOf(5)] };
    api = mockApi({ [`GET /artists/${QUARTET.id}`]: () => ({ success: true, artist }), 'GET /liked-songs/ids': () => ({ success: true, songIds: [] }) });
    renderAt(`/artists/${QUARTET.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'The Tidal Quartet' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Top songs of The Tidal Quartet' })).getByText('Song 5')).toBeInTheDocument();
    const albums = screen.getByRole('list', { name: 'Albums of The Tidal Quartet' });
    expect(within(albums).getByRole('link', { name: 'Harbour Lights, The Tidal Quartet · 2019' })).toHaveAttribute('href', `/albums/${HARBOUR.id}`);
    api.restore();
    api = mockApi({ 'GET /artists/nope': notFound('Artist not found') });
    renderAt('/artists/nope');
    expect(await screen.findByText('Artist not found')).toBeInTheDocument();
  });

  it('lists genres, each opening Albums filtered by it', async () => {
    api = mockApi({ 'GET /genres': () => ({ success: true, genres: [{ name: 'Drum & Bass', songCount: 4, albumCount: 1 }] }) });
    renderAt('/genres');
    expect(await screen.findByRole('link', { name: /Drum & Bass\s*1 album · 4 songs/ })).toHaveAttribute('href', '/albums?genre=Drum+%26+Bass');
  });

  it('says so when there is nothing to browse yet', async () => {
    api = mockApi({ 'GET /genres': () => ({ success: true, genres: [] }), 'GET /artists': () => ({ success: true, artists: [], nextCursor: null }) });
    renderAt('/genres');
    expect(await screen.findByText(/No genres yet/)).toBeInTheDocument();
    renderAt('/artists');
    expect(await screen.findByText(/No artists yet/)).toBeInTheDocument();
  });
});
