import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Song } from '../../../../contract/songs';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { createTestServices, memoryTokenStore } from '../../../test/testServices';
import { checkUpload } from '../uploadTrack';
import SearchPage from './SearchPage';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const song = (n: number, title = `Song ${n}`): Song => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title,
  artist: `Artist ${n}`,
  duration: 60 + n,
  path: `${n}.wav`,
  publicUrl: `/api/songs/stream/${n}?st=x`,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** GET /api/songs over `library`: substring filter, cursor = index of the next song. */
function fakeSongsApi(library: Song[]) {
  const urls: URL[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    urls.push(url);
    if (url.pathname === '/api/liked-songs/ids') return json(200, { success: true, songIds: [] });
    if (url.pathname !== '/api/songs') return json(404, { success: false, message: 'Not found' });
    const term = (url.searchParams.get('search') ?? '').toLowerCase();
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const matches = library.filter((s) => `${s.title} ${s.artist}`.toLowerCase().includes(term));
    const page = matches.slice(start, start + limit);
    return json(200, { success: true, songs: page, nextCursor: start + limit < matches.length ? String(start + limit) : null });
  }) as typeof fetch;
  return urls;
}

/** A stored token the auth bootstrap cannot clear (it is not a real JWT): these tests are about playback. */
const keptToken = () => ({ ...memoryTokenStore('token'), clear: () => undefined });

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

  it('shows Add Track to admins only', async () => {
    fakeSongsApi([song(1)]);
    renderPage('user');
    await screen.findByText('Song 1');
    expect(screen.queryByRole('button', { name: 'Add Track' })).not.toBeInTheDocument();
  });

  it("checks the upload in the browser with the product's messages", async () => {
    fakeSongsApi([song(1)]);
    renderPage('admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Track' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('All fields are required.');
  });
});

describe('checkUpload', () => {
  const file = (name: string, type: string, size: number) => ({ name, type, size }) as File;
  it("applies docs/product.md §5's rules in order", () => {
    expect(checkUpload(null)).toBe('All fields are required.');
    expect(checkUpload(file('a.txt', 'text/plain', 10))).toBe('Invalid file type. Please upload an MP3, FLAC, OGG, Opus, M4A, WAV, or AIFF file.');
    expect(checkUpload(file('a.wav', 'audio/wav', 200 * 1024 * 1024 + 1))).toBe('File is too large. Maximum file size is 200MB.');
    expect(checkUpload(file('a.wav', 'audio/wav', 5 * 1024 * 1024 + 1), 5 * 1024 * 1024)).toBe('File is too large. Maximum file size is 5MB.');
    expect(checkUpload(file('a.ogg', '', 5 * 1024 * 1024))).toBeNull();
    expect(checkUpload(file('a.flac', '', 60 * 1024 * 1024))).toBeNull();
    expect(checkUpload(file('track', 'audio/x-aiff', 10))).toBeNull();
  });
});
