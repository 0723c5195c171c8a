import type { PlaylistDetail, PlaylistEntry } from '../../../contract/playlists';
import { menuKeyTarget } from './components/useMenuButton';
import { dropIndex, inSongOrder, movedSongIds, moveItem, withoutSong, withSongAt } from './reorder';

const entry = (songId: string, duration: number): PlaylistEntry => ({
  id: `e-${songId}`,
  songId,
  position: 0,
  addedAt: '2026-01-01T00:00:00.000Z',
  song: {
    id: songId,
    title: songId.toUpperCase(),
    artist: 'X',
    duration,
    path: `${songId}.mp3`,
    publicUrl: `/s/${songId}`,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
});
const playlist = (songs: PlaylistEntry[]): PlaylistDetail => ({
  id: 'p1',
  name: 'Mix',
  description: '',
  coverImage: null,
  trackCount: songs.length,
  totalDuration: songs.reduce((s, e) => s + e.song.duration, 0),
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  songs,
});
const abc = playlist([entry('a', 100), entry('b', 200), entry('c', 300)]);
const order = (p: PlaylistDetail) => p.songs.map((e) => e.songId).join('');

describe('moving a song', () => {
  it('moves an item down, up, to either end, and clamps a target past the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 1, -3)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });

  it('leaves the list it was given as it was', () => {
    const list = ['a', 'b', 'c'];
    moveItem(list, 0, 2);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it("gives the playlist's full new order of song ids, as the server takes it", () => {
    expect(movedSongIds(abc, 2, 0)).toEqual(['c', 'a', 'b']);
  });

  it('shows the entries in a new order, skipping ids it does not know', () => {
    expect(inSongOrder(abc.songs, ['c', 'x', 'a', 'b']).map((e) => e.id)).toEqual(['e-c', 'e-a', 'e-b']);
  });
});

describe('removing and putting back', () => {
  it('removes a song and takes it off the count and the total', () => {
    const without = withoutSong(abc, 'b');
    expect(order(without)).toBe('ac');
    expect(without).toMatchObject({ trackCount: 2, totalDuration: 400 });
    expect(withoutSong(abc, 'zz')).toBe(abc);
  });

  it('puts a removed song back in its place, once', () => {
    const back = withSongAt(withoutSong(abc, 'b'), abc.songs[1], 1);
    expect(order(back)).toBe('abc');
    expect(back).toMatchObject({ trackCount: 3, totalDuration: 600 });
    expect(withSongAt(back, abc.songs[1], 0)).toBe(back);
    expect(order(withSongAt(withoutSong(abc, 'c'), abc.songs[2], 10))).toBe('abc');
  });
});

describe('dropping a dragged row', () => {
  const middles = [20, 70, 120];
  it('lands where its middle is among the other rows', () => {
    expect(dropIndex(middles, 2, 5)).toBe(0);
    expect(dropIndex(middles, 2, 60)).toBe(1);
    expect(dropIndex(middles, 2, 121)).toBe(2);
    expect(dropIndex(middles, 0, 80)).toBe(1);
    expect(dropIndex(middles, 0, 200)).toBe(2);
    expect(dropIndex(middles, 1, 72)).toBe(1);
  });
});

describe('the card menu keys', () => {
  it('move down and up with wrap-around, to the first and last with Home and End', () => {
    expect(menuKeyTarget('ArrowDown', 0, 3)).toBe(1);
    expect(menuKeyTarget('ArrowDown', 2, 3)).toBe(0);
    expect(menuKeyTarget('ArrowUp', 0, 3)).toBe(2);
    expect(menuKeyTarget('Home', 2, 3)).toBe(0);
    expect(menuKeyTarget('End', 0, 3)).toBe(2);
    expect(menuKeyTarget('a', 0, 3)).toBeNull();
  });
});
