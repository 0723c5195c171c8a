import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MissingSong, MissingSongsResponse, ScanStatusResponse } from '../../../contract/library';
import { MESSAGES } from '../../../contract/messages';
import { json, mockApi } from '../../test/mockApi';
import { renderWithProviders, signedInState } from '../../test/renderWithProviders';
import { LibraryScanPanel } from './LibraryScanPanel';

const song = (n: number, over: Partial<MissingSong> = {}): MissingSong => ({
  id: `s${n}`,
  title: `Song ${n}`,
  artist: `Artist ${n}`,
  album: `Album ${n}`,
  path: `Artist ${n}/Album ${n}/${n}.flac`,
  missingSince: '2026-11-20T08:30:00.000Z',
  ...over,
});
const missing = (songs: MissingSong[], total = songs.length): MissingSongsResponse => ({ success: true, songs, total });
const counters = { filesSeen: 1, added: 0, changed: 0, moved: 0, removed: 0, unchanged: 0, failed: 0, tagsRead: 0, rowsWritten: 0 };
/** the result a scan that marked one song missing leaves */
const ended: ScanStatusResponse['lastResult'] = {
  startedAt: '2026-11-23T10:00:00.000Z',
  finishedAt: '2026-11-23T10:00:01.000Z',
  outcome: 'completed',
  error: null,
  counters: { ...counters, removed: 1 },
  skipped: [],
  skippedTotal: 0,
};
const status = (running: boolean, lastResult: ScanStatusResponse['lastResult'] = null): ScanStatusResponse => ({
  success: true,
  configured: true,
  running,
  progress: running ? counters : null,
  lastResult,
});

let api: ReturnType<typeof mockApi>;
afterEach(() => api?.restore());

/** The server's missing list answers `lists` in turn (the last repeats); DELETE answers `purge`. */
function serve(lists: MissingSongsResponse[], purge: () => unknown = () => ({ success: true, purged: 0 }), scans: ScanStatusResponse[] = [status(false)]) {
  let reads = 0;
  let scanReads = 0;
  api = mockApi({
    'GET /library/scan': () => scans[Math.min(scanReads++, scans.length - 1)],
    'GET /library/missing': () => lists[Math.min(reads++, lists.length - 1)],
    'DELETE /library/missing': purge,
  });
  return { reads: () => reads, deletes: () => api.calls.filter((c) => c.method === 'DELETE').length };
}

const openPanel = (role: 'admin' | 'user' = 'admin') => renderWithProviders(<LibraryScanPanel />, { preloadedState: signedInState(role) });
const section = () => screen.getByRole('region', { name: 'Missing songs' });

describe('Settings › Library: missing songs (docs/product.md §2.10)', () => {
  it('lists each missing song with its artist, album, path and since when, and the count', async () => {
    serve([missing([song(1), song(2, { album: null })])]);
    openPanel();
    expect(await screen.findByText('2 missing songs, hidden until their file is back.')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Missing songs' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Song 1')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Artist 1 · Album 1')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Artist 1/Album 1/1.flac')).toBeInTheDocument();
    expect(rows[0].querySelector('time')).toHaveAttribute('dateTime', '2026-11-20T08:30:00.000Z');
    expect(rows[0]).toHaveTextContent(`Missing since ${new Date('2026-11-20T08:30:00.000Z').toLocaleString()}`);
    expect(within(rows[1]).getByText('Artist 2')).toBeInTheDocument();
    expect(screen.queryByText(/longest missing are listed/)).toBeNull();
    expect(within(section()).getByRole('button', { name: 'Remove missing songs' })).toBeEnabled();
  });

  it('shows 50 rows at a time, and says when the server listed fewer than there are', async () => {
    serve([
      missing(
        Array.from({ length: 120 }, (_, i) => song(i + 1)),
        2345,
      ),
    ]);
    openPanel();
    expect(await screen.findByText('2,345 missing songs, hidden until their file is back.')).toBeInTheDocument();
    expect(screen.getByText('The 120 longest missing are listed.')).toBeInTheDocument();
    const rows = () => within(screen.getByRole('list', { name: 'Missing songs' })).getAllByRole('listitem');
    expect(rows()).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Show 50 more' }));
    expect(rows()).toHaveLength(100);
    await userEvent.click(screen.getByRole('button', { name: 'Show 20 more' }));
    expect(rows()).toHaveLength(120);
    expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).toBeNull();
  });

  it('says when no song is missing, and offers no removal', async () => {
    serve([missing([])]);
    openPanel();
    expect(await screen.findByText('No songs are missing.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Missing songs' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove missing songs' })).toBeNull();
  });

  it('Remove missing songs asks first, then removes them, says how many, and reads the list again', async () => {
    const server = serve([missing([song(1), song(2), song(3)]), missing([])], () => ({ success: true, purged: 3 }));
    const { store } = openPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove missing songs' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove 3 missing songs?' });
    expect(
      within(dialog).getByText('Are you sure you want to remove the missing songs? Their likes, plays and playlist entries are deleted too.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.deletes()).toBe(0);
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Remove missing songs' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(store.getState().toasts.map((t) => [t.message, t.kind])).toEqual([['Removed 3 missing songs', 'success']]));
    expect(server.deletes()).toBe(1);
    expect(await screen.findByText('No songs are missing.')).toBeInTheDocument();
    expect(server.reads()).toBe(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's reason when a scan runs (409), and keeps the list", async () => {
    const server = serve([missing([song(1)])], () => json(409, { success: false, message: MESSAGES.scanAlreadyRunning }));
    const { store } = openPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove missing songs' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Remove 1 missing song?' })).getByRole('button', { name: 'Remove' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(MESSAGES.scanAlreadyRunning);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Song 1')).toBeInTheDocument();
    expect(store.getState().toasts).toEqual([]);
    expect(server.reads()).toBe(1);
  });

  it('reads the list again when a scan ends', async () => {
    let polls = 0;
    let scanned = false;
    let reads = 0;
    api = mockApi({
      'POST /library/scan': () => json(202, { success: true, started: true }),
      // once started, the scan runs for one poll, then ends having marked Song 7 missing (its result says so)
      'GET /library/scan': () =>
        api.calls.some((c) => c.method === 'POST') && polls++ < 1 ? status(true) : ((scanned = polls > 0), status(false, scanned ? ended : null)),
      'GET /library/missing': () => (reads++, missing(scanned ? [song(7)] : [])),
    });
    openPanel();
    await screen.findByText('No songs are missing.');
    await userEvent.click(screen.getByRole('button', { name: 'Rescan' }));
    expect(await screen.findByText('Song 7', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(reads).toBe(2);
  });

  it('reads the list again when a scan ends before any poll saw it run (a small folder)', async () => {
    let scanned = false;
    api = mockApi({
      'POST /library/scan': () => ((scanned = true), json(202, { success: true, started: true })),
      'GET /library/scan': () => status(false, scanned ? ended : null),
      'GET /library/missing': () => missing(scanned ? [song(7)] : []),
    });
    openPanel();
    await screen.findByText('No songs are missing.');
    await userEvent.click(screen.getByRole('button', { name: 'Rescan' }));
    expect(await screen.findByText('Song 7', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('is there for an admin only: a listener never asks for the missing songs', async () => {
    serve([missing([song(1)])]);
    const admin = openPanel('admin');
    expect(await within(section()).findByText('Song 1')).toBeInTheDocument();
    admin.unmount();
    api.calls.length = 0;
    openPanel('user');
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    expect(screen.queryByRole('heading', { name: 'Missing songs' })).toBeNull();
    expect(api.calls.map((c) => c.path)).not.toContain('/library/missing');
  });
});
