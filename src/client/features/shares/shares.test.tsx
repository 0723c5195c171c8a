import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { PublicShare, Share } from '../../../contract/shares';
import { json, mockApi } from '../../test/mockApi';
import { renderWithProviders, signedInState } from '../../test/renderWithProviders';
import { StandardSongActions } from '../../shared/songs/SongActions';
import { ShareButton } from './components/ShareButton';
import { SharesPanel } from './components/SharesPanel';
import SharePage from './pages/SharePage';

const SHARE: Share = {
  id: 'AbCdEfGhIjKlMnOpQrStUv',
  kind: 'album',
  itemIds: ['a1'],
  name: 'Blue Train',
  description: 'For Sunday',
  url: 'http://music.example.test/s/AbCdEfGhIjKlMnOpQrStUv',
  expiresAt: null,
  expired: false,
  downloadable: false,
  visitCount: 3,
  lastVisitedAt: '2026-11-27T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
};

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

describe('the Share dialog (docs/product.md §2.16)', () => {
  it('creates a share with the description, an expiry in 7 days and downloads, then shows the link with Copy', async () => {
    api = mockApi({ 'POST /shares': (call) => json(201, { success: true, share: { ...SHARE, ...(call.body as object), downloadable: true } }) });
    const user = userEvent.setup();
    renderWithProviders(<ShareButton kind="album" ids={['a1']} name="Blue Train" />, { preloadedState: signedInState() });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share “Blue Train”' });
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'For Sunday');
    await user.selectOptions(within(dialog).getByLabelText('Expires'), '7');
    await user.click(within(dialog).getByRole('checkbox', { name: /Allow downloads/ }));
    const before = Date.now();
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    expect(await within(dialog).findByLabelText('Share link')).toHaveValue(SHARE.url);
    expect(within(dialog).getByText('Anyone with this link can listen and download, without an account.')).toBeInTheDocument();
    const sent = api.calls.find((c) => c.method === 'POST')?.body as {
      kind: string;
      ids: string[];
      description: string;
      expiresAt: string;
      downloadable: boolean;
    };
    expect(sent).toMatchObject({ kind: 'album', ids: ['a1'], description: 'For Sunday', downloadable: true });
    const days = (new Date(sent.expiresAt).getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('asks for the date when "On a date…" is chosen without one, and shows the server’s refusal', async () => {
    api = mockApi({ 'POST /shares': () => json(400, { success: false, message: 'The expiry must be in the future' }) });
    const user = userEvent.setup();
    renderWithProviders(<ShareButton kind="playlist" ids={['p1']} name="Mix" />, { preloadedState: signedInState() });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share “Mix”' });
    await user.selectOptions(within(dialog).getByLabelText('Expires'), 'date');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose the date the link stops working');
    expect(api.calls).toEqual([]);

    await user.type(within(dialog).getByLabelText('Last day'), '2020-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByText('The expiry must be in the future')).toBeInTheDocument();
    expect((api.calls[0].body as { expiresAt: string }).expiresAt).toBe(new Date('2020-01-01T23:59:59').toISOString());
  });
});

describe('Share on a song row', () => {
  it('every song list row carries `Share {title}`, which shares that one song', async () => {
    api = mockApi({ 'POST /shares': (call) => json(201, { success: true, share: { ...SHARE, kind: 'song', ...(call.body as object) } }) });
    const user = userEvent.setup();
    renderWithProviders(<StandardSongActions song={{ id: 's9', title: 'Naima' }} />, { preloadedState: signedInState() });
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Share Naima' }));
    const dialog = screen.getByRole('dialog', { name: 'Share “Naima”' });
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByLabelText('Share link')).toHaveValue(SHARE.url);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ kind: 'song', ids: ['s9'], description: '', expiresAt: null, downloadable: false });
  });
});

describe('Settings › Shares', () => {
  it('lists the shares with visits and expiry; Revoke asks first, then removes it', async () => {
    let shares = [
      SHARE,
      { ...SHARE, id: 'second', name: 'Road Trip', kind: 'playlist' as const, visitCount: 1, expiresAt: '2026-01-01T00:00:00.000Z', expired: true },
    ];
    api = mockApi({
      'GET /shares': () => ({ success: true, shares }),
      'DELETE /shares/second': () => {
        shares = shares.filter((s) => s.id !== 'second');
        return { success: true };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SharesPanel />, { preloadedState: signedInState() });
    const items = await screen.findAllByTestId('share-item');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual(['Album: Blue Train', 'Playlist: Road Trip']);
    expect(items[0]).toHaveTextContent('3 visits · Never expires');
    expect(items[1]).toHaveTextContent(/1 visit · Expired /);
    expect(within(items[0]).getByLabelText('Link to Blue Train')).toHaveValue(SHARE.url);

    await user.click(screen.getByRole('button', { name: 'Revoke the share of Road Trip' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke this share?' });
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.getAllByTestId('share-item')).toHaveLength(1));
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/shares/second']);
  });

  it('Edit keeps the expiry unless another is chosen, and saves the description and downloads', async () => {
    api = mockApi({
      'GET /shares': () => ({ success: true, shares: [SHARE] }),
      'PATCH /shares/AbCdEfGhIjKlMnOpQrStUv': (call) => ({ success: true, share: { ...SHARE, ...(call.body as object) } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<SharesPanel />, { preloadedState: signedInState() });
    await user.click(await screen.findByRole('button', { name: 'Edit the share of Blue Train' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit the share of “Blue Train”' });
    expect(within(dialog).getByLabelText('Expires')).toHaveValue('keep');
    const description = within(dialog).getByLabelText('Description (optional)');
    await user.clear(description);
    await user.type(description, 'Monday now');
    await user.click(within(dialog).getByRole('checkbox', { name: /Allow downloads/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api!.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ description: 'Monday now', downloadable: true });
  });
});

describe('the public page /s/:shareId', () => {
  const PUBLIC: PublicShare = {
    id: SHARE.id,
    kind: 'album',
    name: 'Blue Train',
    description: 'For Sunday',
    owner: 'maria',
    expiresAt: null,
    downloadable: true,
    artworkUrl: null,
    playlistUrl: `/api/public/shares/${SHARE.id}/playlist.m3u`,
    tracks: [
      {
        id: 's1',
        title: 'Blue Train',
        artist: 'John Coltrane',
        album: 'Blue Train',
        duration: 643,
        streamUrl: '/api/public/shares/x/tracks/s1/stream',
        downloadUrl: '/d1',
        artworkUrl: null,
      },
      {
        id: 's2',
        title: 'Moment’s Notice',
        artist: 'John Coltrane',
        album: 'Blue Train',
        duration: 550,
        streamUrl: '/api/public/shares/x/tracks/s2/stream',
        downloadUrl: '/d2',
        artworkUrl: null,
      },
    ],
  };
  const page = (id: string) =>
    renderWithProviders(
      <Routes>
        <Route path="/s/:shareId" element={<SharePage />} />
      </Routes>,
      { route: `/s/${id}` },
    );

  it('shows the share to a visitor: name, description, owner, m3u, tracks with play and download', async () => {
    api = mockApi({ [`GET /public/shares/${SHARE.id}`]: () => ({ success: true, share: PUBLIC }) });
    page(SHARE.id);
    expect(await screen.findByRole('heading', { name: 'Blue Train', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('For Sunday')).toBeInTheDocument();
    expect(screen.getByText(/Shared by maria · Never expires/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open as playlist (m3u)' })).toHaveAttribute('href', PUBLIC.playlistUrl);
    const rows = within(screen.getByRole('list', { name: 'Tracks' })).getAllByTestId('share-track');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]).getByRole('button', { name: 'Play Moment’s Notice' })).toBeInTheDocument();
    expect(within(rows[1]).getByRole('link', { name: 'Download Moment’s Notice' })).toHaveAttribute('href', '/d2');
    expect(api.calls.map((c) => c.url)).toEqual([`/api/public/shares/${SHARE.id}`]);
  });

  it('says the share has expired or does not exist when the server refuses it', async () => {
    api = mockApi({ 'GET /public/shares/gone': () => json(404, { success: false, message: 'Share not found' }) });
    page('gone');
    expect(await screen.findByRole('heading', { name: 'This share has expired or does not exist.' })).toBeInTheDocument();
  });
});
