import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { MESSAGES } from '../../../../contract/messages';
import type { PlaylistDetail, PlaylistEntry } from '../../../../contract/playlists';
import { toastShown } from '../../../ui/toast/toastSlice';
import { useOfflineRefusal } from '../../../ui/useOfflineRefusal';
import { useRemoveSongFromPlaylistMutation, useReorderPlaylistSongsMutation, useRestoreSongToPlaylistMutation } from '../playlistsApi';
import { movedSongIds } from '../reorder';
import { focusKey, type ReorderControl } from './ReorderControls';

export interface Removed {
  entry: PlaylistEntry;
  index: number;
}

/** The control to focus after a move: the same one, unless the song reached the end it pointed to. */
function controlAfterMove(control: ReorderControl, to: number, count: number): ReorderControl {
  if (control === 'up' && to === 0) return 'down';
  if (control === 'down' && to === count - 1) return 'up';
  return control;
}

/**
 * Moving, removing and restoring a playlist's songs, each shown at once (the API's optimistic
 * updates); the focus follows the control used once its row has moved, and moves are announced.
 */
export function usePlaylistEditing(playlist: PlaylistDetail) {
  const dispatch = useDispatch();
  const [reorder] = useReorderPlaylistSongsMutation();
  const [removeSong] = useRemoveSongFromPlaylistMutation();
  const [restoreSong] = useRestoreSongToPlaylistMutation();
  const { refuse, failure } = useOfflineRefusal();
  const [removed, setRemoved] = useState<Removed | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const container = useRef<HTMLDivElement>(null);
  const focusNext = useRef<string | null>(null);
  const { songs: entries, id: playlistId } = playlist;

  useEffect(() => {
    if (!focusNext.current) return;
    const target = container.current?.querySelector<HTMLElement>(`[data-focus-key="${focusNext.current}"]`);
    if (target) {
      target.focus();
      focusNext.current = null;
    }
  }, [entries, removed]);

  const move = (from: number, to: number, control: ReorderControl) => {
    const entry = entries[from];
    if (!entry || to < 0 || to >= entries.length || to === from || refuse()) return;
    focusNext.current = focusKey(entry.songId, controlAfterMove(control, to, entries.length));
    setAnnouncement(`Moved ${entry.song.title} to position ${to + 1} of ${entries.length}`);
    reorder({ playlistId, songIds: movedSongIds(playlist, from, to) })
      .unwrap()
      .catch((error: unknown) => dispatch(toastShown(failure(error, MESSAGES.failedToReorderPlaylist), 'error')));
  };

  const remove = async (songId: string) => {
    const index = entries.findIndex((e) => e.songId === songId);
    if (index < 0 || refuse()) return;
    const neighbour = entries[index + 1] ?? entries[index - 1];
    focusNext.current = neighbour ? focusKey(neighbour.songId, 'remove') : 'undo';
    setRemoved({ entry: entries[index], index });
    try {
      await removeSong({ playlistId, songId }).unwrap();
    } catch (error) {
      setRemoved(null);
      dispatch(toastShown(failure(error, MESSAGES.failedToRemoveSongFromPlaylist), 'error'));
    }
  };

  const undo = async () => {
    if (!removed || refuse()) return;
    setRemoved(null);
    focusNext.current = focusKey(removed.entry.songId, 'remove');
    try {
      await restoreSong({ playlistId, entry: removed.entry, index: removed.index }).unwrap();
    } catch (error) {
      dispatch(toastShown(failure(error, MESSAGES.failedToAddSongToPlaylist), 'error'));
    }
  };

  const dismissUndo = useCallback(() => setRemoved(null), []);
  return { container, move, remove, removed, undo, dismissUndo, announcement };
}
