import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSongsApi, keptToken, song } from '../../../test/fakeSongsApi';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { createTestServices } from '../../../test/testServices';
import SearchPage from './SearchPage';

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
});

function renderPage(role: 'user' | 'admin' = 'user', route = '/search') {
  const services = createTestServices({ tokenStore: keptToken() });
  return renderWithProviders(<SearchPage />, { preloadedState: signedInState(role), services, route });
}

describe('the Search page', () => {
  it('lists songs from the API with the default duration filter 0 to 600 s', async () => {
    const urls = fakeSongsApi([song(1, 'Copper Skylines'), song(2, 'Saltwater Static')]);
    renderPage();
    expect(await screen.findByText('Copper Skylines')).toBeInTheDocument();
    expect(screen.getByText('Saltwater Static')).toBeInTheDocument();
    const first = urls.find((u) => u.pathname === '/api/songs')!;
    expect(first.searchParams.get('minDuration')).toBe('0');
    expect(first.searchParams.get('maxDuration')).toBe('600');
    expect(screen.getByLabelText('Minimum duration')).toHaveValue('0');
    expect(screen.getByLabelText('Maximum duration')).toHaveValue('10');
    expect(
      within(screen.getByLabelText('Minimum duration'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['0 min', '1 min', '2 min', '3 min']);
    expect(
      within(screen.getByLabelText('Maximum duration'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['3 min', '5 min', '7 min', '10 min']);
  });

  it('asks the API with the debounced text and the chosen durations', async () => {
    const urls = fakeSongsApi([song(1, 'Copper Skylines'), song(2, 'Saltwater Static')]);
    renderPage();
    await screen.findByText('Copper Skylines');
    fireEvent.change(screen.getByLabelText('Minimum duration'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Maximum duration'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Title or artist'), { target: { value: 'salt' } });
    await waitFor(() => expect(screen.queryByText('Copper Skylines')).not.toBeInTheDocument());
    expect(screen.getByText('Saltwater Static')).toBeInTheDocument();
    const last = urls.filter((u) => u.pathname === '/api/songs').at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toMatchObject({ search: 'salt', minDuration: '60', maxDuration: '300' });
  });

  it("says 'No songs found' when nothing matches", async () => {
    fakeSongsApi([song(1)]);
    renderPage('user', '/search?q=zzz');
    expect(await screen.findByText('No songs found')).toBeInTheDocument();
  });

  it('loads the next page on demand', async () => {
    fakeSongsApi(Array.from({ length: 60 }, (_, i) => song(i + 1, `Track ${String(i + 1).padStart(2, '0')}`)));
    renderPage();
    await screen.findByText('Track 01');
    expect(screen.getAllByTestId('song-result')).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Track 60')).toBeInTheDocument();
    expect(screen.getAllByTestId('song-result')).toHaveLength(60);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('plays a song with the results before it as history and after it as the queue', async () => {
    fakeSongsApi([song(1, 'First'), song(2, 'Second'), song(3, 'Third')]);
    const services = createTestServices({ tokenStore: keptToken() });
    const { store } = renderWithProviders(<SearchPage />, { preloadedState: signedInState('user'), services, runSagas: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Play Second' }));
    await waitFor(() => expect(store.getState().player.isPlaying).toBe(true));
    const player = store.getState().player;
    expect(player.currentTrack?.title).toBe('Second');
    expect(player.queue.map((t) => t.title)).toEqual(['Third']);
    expect(player.history.map((t) => t.title)).toEqual(['First']);
    expect(services.audio.argsOf('load')).toEqual([['/api/songs/stream/2?st=x']]);
    expect(await screen.findByRole('button', { name: 'Pause Second' })).toBeInTheDocument();
  });
});
