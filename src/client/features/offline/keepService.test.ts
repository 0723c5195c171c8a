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
      expect(init).toEqual({ credentials: 'same-origin' });
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
