import type { PlaylistDetail, PlaylistEntry } from '../../../contract/playlists';

/** The list with the item at `from` moved to `to` (both clamped to the list); the input is left as it is. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= list.length) return next;
  const target = Math.max(0, Math.min(list.length - 1, to));
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item);
  return next;
}

/** The playlist's song ids once the song at `from` has moved to `to`. */
export function movedSongIds(playlist: Pick<PlaylistDetail, 'songs'>, from: number, to: number): string[] {
  return moveItem(
    playlist.songs.map((e) => e.songId),
    from,
    to,
  );
}

/** The entries in the order of `songIds` (the optimistic view of a reorder); unknown ids are skipped. */
export function inSongOrder(entries: readonly PlaylistEntry[], songIds: readonly string[]): PlaylistEntry[] {
  const bySong = new Map(entries.map((e) => [e.songId, e]));
  return songIds.flatMap((id) => bySong.get(id) ?? []);
}

/** The playlist without one song, its count and total adjusted (the optimistic view of a removal). */
export function withoutSong(playlist: PlaylistDetail, songId: string): PlaylistDetail {
  const gone = playlist.songs.find((e) => e.songId === songId);
  if (!gone) return playlist;
  return {
    ...playlist,
    songs: playlist.songs.filter((e) => e !== gone),
    trackCount: playlist.trackCount - 1,
    totalDuration: Math.max(0, playlist.totalDuration - gone.song.duration),
  };
}

/** The playlist with an entry put back at `index` (the optimistic view of an Undo). */
export function withSongAt(playlist: PlaylistDetail, entry: PlaylistEntry, index: number): PlaylistDetail {
  if (playlist.songs.some((e) => e.songId === entry.songId)) return playlist;
  const songs = [...playlist.songs];
  songs.splice(Math.min(index, songs.length), 0, entry);
  return { ...playlist, songs, trackCount: playlist.trackCount + 1, totalDuration: playlist.totalDuration + entry.song.duration };
}

/**
 * Where a dragged row lands: the number of other rows whose middle is above the dragged row's
 * middle. `middles` are the rows' vertical middles before the drag, `from` the dragged row's index.
 */
export function dropIndex(middles: readonly number[], from: number, draggedMiddle: number): number {
  return middles.filter((middle, i) => i !== from && middle < draggedMiddle).length;
}
