import { getKeptRecords, KEPT_RECORDS_KEY, keptBytes, setKeptRecords } from '../../shared/kept';
import { keptAudioKey } from '../../sw/cacheNames';
import { keepItem, outOfSync, removeKeptItem, type KeepDeps, type KeepProgress } from './keepService';
import { keptSongsOf } from './keptSongs';

const song = (id: string) => ({
  id,
  title: `Title ${id}`,
  artist: 'Ada',
  duration: 60,
  album: 'Album',
  artworkUrl: null,
  publicUrl: `/api/songs/stream/${id}?st=token`,
});
const sizes: Record<string, number> = { a: 10, b: 20, c: 30 };

function fakes(status = (_id: string) => 200) {
  const stored = new Map<string, Response>();
  const fetched: string[] = [];
  const deps: KeepDeps = {
    cache: async () => ({
      match: async (key: RequestInfo | URL) => stored.get(String(key))?.clone(),
      put: async (key: RequestInfo | URL, response: Response) => void stored.set(String(key), response),
      delete: async (key: RequestInfo | URL) => stored.delete(String(key)),
    }),
    fetch: jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      expect(init).toMatchObject({ credentials: 'same-origin' });
      expect(init?.signal).toBeInstanceOf(AbortSignal);
      const id = /stream\/(\w+)/.exec(String(url))![1];
      fetched.push(id);
      return new Response(new Uint8Array(sizes[id]), { status: status(id), headers: { 'Content-Type': 'audio/mpeg' } });
    }) as unknown as typeof fetch,
    changed: jest.fn(),
  };
  return { stored, fetched, deps };
}

afterEach(() => {
  setKeptRecords(() => ({ owner: null, items: [], songs: {} }));
  localStorage.clear();
});

it('keeps every song whole under its id, records the item and its songs, and reports progress', async () => {
  const { stored, deps } = fakes();
  const progress: KeepProgress[] = [];
  await keepItem({ kind: 'album', id: 'al1', name: 'Album' }, [song('a'), song('b')], 'u1', deps, (p) => progress.push(p));

  expect([...stored.keys()]).toEqual([keptAudioKey('a'), keptAudioKey('b')]);
  expect((await stored.get(keptAudioKey('b'))!.clone().arrayBuffer()).byteLength).toBe(20);
  expect(stored.get(keptAudioKey('b'))!.headers.get('Content-Type')).toBe('audio/mpeg');
  expect(progress).toEqual([
    { done: 0, total: 2, bytes: 0 },
    { done: 1, total: 2, bytes: 10 },
    { done: 2, total: 2, bytes: 30 },
  ]);
  const records = getKeptRecords();
  expect(records.owner).toBe('u1');
  expect(records.items).toEqual([{ key: 'album:al1', kind: 'album', id: 'al1', name: 'Album', songIds: ['a', 'b'], complete: true }]);
  expect(records.songs.a).toEqual({ id: 'a', title: 'Title a', artist: 'Ada', duration: 60, album: 'Album', artworkUrl: null, bytes: 10 });
  expect(keptBytes(records)).toBe(30);
  expect(JSON.parse(localStorage.getItem(KEPT_RECORDS_KEY)!)).toEqual(records);
  expect(deps.changed).toHaveBeenCalled();
  // played from the URL the worker answers from the cache, whatever query the library gave
  expect(keptSongsOf(records.items[0], records).map((s) => s.publicUrl)).toEqual(['/api/songs/stream/a', '/api/songs/stream/b']);
});

it('fetches a song kept by another item only once, and keeps a changed playlist in sync', async () => {
  const { stored, fetched, deps } = fakes();
  await keepItem({ kind: 'album', id: 'al1', name: 'Album' }, [song('a')], 'u1', deps);
  await keepItem({ kind: 'playlist', id: 'p1', name: 'Mix' }, [song('a'), song('b')], 'u1', deps);
  expect(fetched).toEqual(['a', 'b']);

  const playlist = getKeptRecords().items.find((i) => i.key === 'playlist:p1')!;
  expect(outOfSync(playlist, [song('a'), song('b')])).toBe(false);
  expect(outOfSync(playlist, [song('b'), song('c')])).toBe(true);
  await keepItem({ kind: 'playlist', id: 'p1', name: 'Mix' }, [song('b'), song('c')], 'u1', deps);
  expect(fetched).toEqual(['a', 'b', 'c']);
  // a stays: the album still lists it
  expect([...stored.keys()].sort()).toEqual([keptAudioKey('a'), keptAudioKey('b'), keptAudioKey('c')]);

  await removeKeptItem('album:al1', deps);
  expect([...stored.keys()].sort()).toEqual([keptAudioKey('b'), keptAudioKey('c')]);
  expect(Object.keys(getKeptRecords().songs).sort()).toEqual(['b', 'c']);
  await removeKeptItem('playlist:p1', deps);
  expect(stored.size).toBe(0);
  expect(getKeptRecords()).toEqual({ owner: null, items: [], songs: {} });
  expect(localStorage.getItem(KEPT_RECORDS_KEY)).toBeNull();
});

it('never keeps a partial or failed answer: keeping stops, what was kept stays, the item incomplete', async () => {
  const { stored, deps } = fakes((id) => (id === 'b' ? 206 : 200));
  await expect(keepItem({ kind: 'liked', id: 'liked', name: 'Liked Songs' }, [song('a'), song('b'), song('c')], 'u1', deps)).rejects.toThrow(/206/);
  expect([...stored.keys()]).toEqual([keptAudioKey('a')]);
  expect(getKeptRecords().items[0]).toMatchObject({ key: 'liked:liked', complete: false, songIds: ['a', 'b', 'c'] });
  expect(keptSongsOf(getKeptRecords().items[0], getKeptRecords()).map((s) => s.id)).toEqual(['a']);
});

it('stops when the item is removed while its songs download (Remove all), keeping nothing more', async () => {
  const { stored, fetched, deps } = fakes();
  const inner = deps.fetch;
  deps.fetch = (async (url: RequestInfo | URL, init?: RequestInit) => {
    const response = await inner(url, init);
    // Remove all, pressed while b arrives
    if (String(url).includes('/b')) setKeptRecords(() => ({ owner: null, items: [], songs: {} }));
    return response;
  }) as typeof fetch;
  const result = await keepItem({ kind: 'album', id: 'al1', name: 'Album' }, [song('a'), song('b'), song('c')], 'u1', deps);
  expect(result).toBe('stopped');
  expect(fetched).toEqual(['a', 'b']);
  expect(stored.has(keptAudioKey('b'))).toBe(false);
  expect(getKeptRecords()).toEqual({ owner: null, items: [], songs: {} });
});

it('aborts the download in flight when the item is removed (Remove)', async () => {
  const { stored, deps } = fakes();
  let seen: AbortSignal | undefined;
  deps.fetch = ((_url: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      seen = init?.signal ?? undefined;
      seen?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    })) as typeof fetch;
  const keeping = keepItem({ kind: 'playlist', id: 'p1', name: 'Mix' }, [song('a'), song('b')], 'u1', deps);
  await new Promise((resolve) => setTimeout(resolve, 0));
  await removeKeptItem('playlist:p1', deps);
  await expect(keeping).resolves.toBe('stopped');
  expect(seen?.aborted).toBe(true);
  expect(stored.size).toBe(0);
  expect(getKeptRecords().items).toEqual([]);
});

it('keeps what plays a song as online: its album place and ReplayGain', async () => {
  const { deps } = fakes();
  const replayGain = { trackGain: -6.5, trackPeak: 0.9, albumGain: -7, albumPeak: 0.95 };
  await keepItem({ kind: 'album', id: 'al1', name: 'Album' }, [{ ...song('a'), albumId: 'al1', discNumber: 1, trackNumber: 3, replayGain }], 'u1', deps);
  const records = getKeptRecords();
  expect(records.songs.a).toMatchObject({ albumId: 'al1', discNumber: 1, trackNumber: 3, replayGain });
  expect(keptSongsOf(records.items[0], records)[0]).toMatchObject({ albumId: 'al1', trackNumber: 3, replayGain, publicUrl: '/api/songs/stream/a' });
});
