import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '../../../contract/messages';
import { useSearchSongsQuery } from '../../api/songsApi';
import userEvent from '@testing-library/user-event';
import type { ScanCounters, ScanStatusResponse } from '../../../contract/library';
import { renderWithProviders, signedInState } from '../../test/renderWithProviders';
import { LibraryScanPanel } from './LibraryScanPanel';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const counters = (over: Partial<ScanCounters> = {}): ScanCounters => ({
  filesSeen: 0,
  added: 0,
  changed: 0,
  moved: 0,
  removed: 0,
  unchanged: 0,
  failed: 0,
  tagsRead: 0,
  rowsWritten: 0,
  ...over,
});
const finished = (over: Partial<ScanCounters>): ScanStatusResponse['lastResult'] => ({
  startedAt: '2026-11-23T10:00:00.000Z',
  finishedAt: '2026-11-23T10:00:05.000Z',
  outcome: 'completed',
  error: null,
  counters: counters(over),
  skipped: [{ path: 'Broken/empty.flac', reason: 'Empty file' }],
  skippedTotal: 1,
});

/** A server whose scan answers the given statuses in turn (the last one repeats), with no missing song; records POSTs and song-list reads. */
function fakeServer(statuses: ScanStatusResponse[], post: () => Response = () => json(202, { success: true, started: true })) {
  const calls = { posts: 0, gets: 0, songReads: 0 };
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/songs') {
      calls.songReads++;
      return json(200, { success: true, songs: [], nextCursor: null });
    }
    if (url.pathname === '/api/library/missing') return json(200, { success: true, songs: [], total: 0 });
    if (url.pathname !== '/api/library/scan') return json(404, { success: false, message: 'Not found' });
    if (init?.method === 'POST') {
      calls.posts++;
      return post();
    }
    return json(200, statuses[Math.min(calls.gets++, statuses.length - 1)]);
  }) as typeof fetch;
  return calls;
}

const idle = (lastResult: ScanStatusResponse['lastResult'] = null): ScanStatusResponse => ({
  success: true,
  configured: true,
  running: false,
  progress: null,
  lastResult,
});
const running = (progress: Partial<ScanCounters>): ScanStatusResponse => ({ ...idle(), running: true, progress: counters(progress) });
const count = (list: string, name: string) => within(screen.getByLabelText(list)).getByText(name).nextSibling?.textContent;

/** A song list on the same page, to see it read again when a scan ends. */
function SongList() {
  useSearchSongsQuery({});
  return null;
}

describe('LibraryScanPanel (admin Rescan)', () => {
  it('shows the last result with its skipped files and why', async () => {
    fakeServer([idle(finished({ filesSeen: 120, added: 118, removed: 2, failed: 1 }))]);
    renderWithProviders(<LibraryScanPanel />, { preloadedState: signedInState('admin') });
    await screen.findByText(/Last scan finished/);
    expect(count('Last scan', 'Files seen')).toBe('120');
    expect(count('Last scan', 'Added')).toBe('118');
    expect(count('Last scan', 'Failed')).toBe('1');
    // a scan marks songs missing, it deletes none (docs/product.md §5.7)
    expect(count('Last scan', 'Marked missing')).toBe('2');
    expect(within(screen.getByLabelText('Last scan')).queryByText('Removed')).toBeNull();
    await userEvent.click(screen.getByText('1 skipped file'));
    expect(screen.getByText('Broken/empty.flac: Empty file')).toBeVisible();
  });

  it('Rescan starts a scan, shows its live counters, then the result, and refreshes song lists', async () => {
    const calls = fakeServer([
      idle(),
      running({ filesSeen: 40, added: 10 }),
      running({ filesSeen: 90, added: 30 }),
      idle(finished({ filesSeen: 90, added: 30 })),
    ]);
    renderWithProviders(
      <>
        <LibraryScanPanel />
        <SongList />
      </>,
      { preloadedState: signedInState('admin') },
    );
    await screen.findByText('The music folder has not been scanned yet.');
    await waitFor(() => expect(calls.songReads).toBe(1));
    await userEvent.click(screen.getByRole('button', { name: 'Rescan' }));
    await screen.findByText('Scanning…');
    expect(calls.posts).toBe(1);
    expect(screen.getByRole('button', { name: 'Rescan' })).toBeDisabled();
    await waitFor(() => expect(count('Scan in progress', 'Files seen')).toBe('90'), { timeout: 3000 });
    await screen.findByText(/Last scan finished/, {}, { timeout: 3000 });
    expect(count('Last scan', 'Added')).toBe('30');
    expect(screen.getByRole('button', { name: 'Rescan' })).toBeEnabled();
    await waitFor(() => expect(calls.songReads).toBe(2));
  });

  it("says the server's reason when a scan cannot start", async () => {
    fakeServer([idle()], () => json(409, { success: false, message: MESSAGES.scanAlreadyRunning }));
    renderWithProviders(<LibraryScanPanel />, { preloadedState: signedInState('admin') });
    await userEvent.click(await screen.findByRole('button', { name: 'Rescan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.scanAlreadyRunning);
  });

  it('explains MUSIC_DIR when no music folder is set, and offers no Rescan', async () => {
    fakeServer([{ ...idle(), configured: false }]);
    renderWithProviders(<LibraryScanPanel />, { preloadedState: signedInState('admin') });
    await screen.findByText('No music folder is set. Set MUSIC_DIR and restart to scan your own music.');
    expect(screen.queryByRole('button', { name: 'Rescan' })).toBeNull();
  });
});
