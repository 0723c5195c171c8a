import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getKeptRecords, setKeptRecords } from '../../shared/kept';
import { keptAudioKey } from '../../sw/cacheNames';
import { renderWithProviders, signedInState } from '../../test/renderWithProviders';
import { KeepButton } from './components/KeepButton';
import { StoragePanel } from './components/StoragePanel';
import { setKeepDepsForTests } from './keepJobs';
import type { KeepDeps } from './keepService';

const song = (id: string) => ({ id, title: `Title ${id}`, artist: 'Ada', duration: 60, publicUrl: `/api/songs/stream/${id}` });

function fakeDeps(gate?: Promise<void>) {
  const stored = new Map<string, Response>();
  const deps: KeepDeps = {
    cache: async () => ({
      match: async (key: RequestInfo | URL) => stored.get(String(key))?.clone(),
      put: async (key: RequestInfo | URL, response: Response) => void stored.set(String(key), response),
      delete: async (key: RequestInfo | URL) => stored.delete(String(key)),
    }),
    fetch: (async () => {
      await gate;
      return new Response(new Uint8Array(8), { status: 200, headers: { 'Content-Type': 'audio/flac' } });
    }) as unknown as typeof fetch,
    changed: () => {},
  };
  setKeepDepsForTests(deps);
  return stored;
}

afterEach(() => {
  setKeepDepsForTests(null);
  setKeptRecords(() => ({ owner: null, items: [], songs: {} }));
});

it('keeps an album with progress, says when it is done, and removes it on a second press', async () => {
  let open = () => {};
  const stored = fakeDeps(new Promise<void>((resolve) => (open = resolve)));
  renderWithProviders(<KeepButton kind="album" id="al1" name="Harbour" songs={[song('a'), song('b')]} />, { preloadedState: signedInState() });
  const button = screen.getByRole('button', { name: 'Available offline' });
  expect(button).toHaveAttribute('aria-pressed', 'false');

  await userEvent.click(button);
  expect(await screen.findByRole('button', { name: 'Keeping 0 of 2…' })).toHaveAttribute('aria-pressed', 'true');
  open();
  const kept = await screen.findByRole('button', { name: 'Available offline ✓' });
  expect(kept).toHaveAttribute('aria-pressed', 'true');
  expect([...stored.keys()]).toEqual([keptAudioKey('a'), keptAudioKey('b')]);
  expect(getKeptRecords().owner).toBe('u1');

  await userEvent.click(kept);
  expect(await screen.findByRole('button', { name: 'Available offline' })).toHaveAttribute('aria-pressed', 'false');
  await waitFor(() => expect(stored.size).toBe(0));
});

it('keeps a kept playlist in sync with the songs its page shows', async () => {
  const stored = fakeDeps();
  stored.set(keptAudioKey('a'), new Response(new Uint8Array(8)));
  stored.set(keptAudioKey('old'), new Response(new Uint8Array(8)));
  const kept = (id: string) => ({ id, title: id, artist: 'Ada', duration: 60, bytes: 8 });
  setKeptRecords(() => ({
    owner: 'u1',
    items: [{ key: 'playlist:p1', kind: 'playlist', id: 'p1', name: 'Mix', songIds: ['a', 'old'], complete: true }],
    songs: { a: kept('a'), old: kept('old') },
  }));
  renderWithProviders(<KeepButton kind="playlist" id="p1" name="Mix" songs={[song('a'), song('b')]} />, { preloadedState: signedInState() });
  await waitFor(() => expect(getKeptRecords().items[0]).toMatchObject({ songIds: ['a', 'b'], complete: true }));
  await waitFor(() => expect([...stored.keys()].sort()).toEqual([keptAudioKey('a'), keptAudioKey('b')]));
  expect(Object.keys(getKeptRecords().songs).sort()).toEqual(['a', 'b']);
  expect(screen.getByRole('button', { name: 'Available offline ✓' })).toBeInTheDocument();
});

it("keeps one song from its row's icon button, named after the song, and shows it on the kept page's records", async () => {
  const stored = fakeDeps();
  renderWithProviders(<KeepButton kind="song" id="a" name="Title a" songs={[song('a')]} compact size={36} />, { preloadedState: signedInState() });
  const button = screen.getByRole('button', { name: 'Available offline: Title a' });
  expect(button).toHaveAttribute('aria-pressed', 'false');
  expect(button).toHaveAttribute('title', 'Available offline');

  await userEvent.click(button);
  await waitFor(() => expect(button).toHaveAttribute('title', 'Available offline ✓'));
  expect(button).toHaveAttribute('aria-pressed', 'true');
  expect([...stored.keys()]).toEqual([keptAudioKey('a')]);
  expect(getKeptRecords().items).toEqual([{ key: 'song:a', kind: 'song', id: 'a', name: 'Title a', songIds: ['a'], complete: true }]);

  await userEvent.click(button);
  await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
  await waitFor(() => expect(stored.size).toBe(0));
});

it('keeps smaller copies once the storage panel asks for them: the stream with maxBitRate', async () => {
  const urls: string[] = [];
  const stored = fakeDeps();
  const fakeFetch = (async (url: RequestInfo | URL) => {
    urls.push(String(url));
    return new Response(new Uint8Array(4), { status: 200, headers: { 'Content-Type': 'audio/mpeg' } });
  }) as unknown as typeof fetch;
  setKeepDepsForTests({
    cache: async () => ({ match: async () => undefined, put: async (k, r) => void stored.set(String(k), r), delete: async () => true }),
    fetch: fakeFetch,
    changed: () => {},
  });
  renderWithProviders(<StoragePanel />, { preloadedState: signedInState() });
  await userEvent.click(screen.getByRole('checkbox', { name: /Keep smaller copies \(MP3, 192 kbps\)/ }));
  renderWithProviders(<KeepButton kind="album" id="al1" name="Harbour" songs={[song('a'), { ...song('b'), publicUrl: '/api/songs/stream/b?st=x' }]} />, {
    preloadedState: signedInState(),
  });
  await userEvent.click(screen.getByRole('button', { name: 'Available offline' }));
  await screen.findByRole('button', { name: 'Available offline ✓' });
  expect(urls).toEqual(['/api/songs/stream/a?maxBitRate=192', '/api/songs/stream/b?st=x&maxBitRate=192']);
  expect(stored.get(keptAudioKey('a'))!.headers.get('Content-Type')).toBe('audio/mpeg');
  localStorage.removeItem('wavelength.keepSmaller');
});

it('a song kept with its album shows kept in its row, and is removed with the album, not from the row', async () => {
  fakeDeps();
  setKeptRecords(() => ({
    owner: 'u1',
    items: [{ key: 'album:al1', kind: 'album', id: 'al1', name: 'Harbour', songIds: ['a'], complete: true }],
    songs: { a: { id: 'a', title: 'Title a', artist: 'Ada', duration: 60, bytes: 8 } },
  }));
  renderWithProviders(<KeepButton kind="song" id="a" name="Title a" songs={[song('a')]} compact />, { preloadedState: signedInState() });
  const button = screen.getByRole('button', { name: 'Available offline: Title a' });
  expect(button).toHaveAttribute('aria-pressed', 'true');
  expect(button).toBeDisabled();
  expect(button).toHaveAttribute('title', 'Available offline ✓ (kept with its album, a playlist or Liked Songs)');
});
