import type { PlaylistDetail } from '../../../../contract/playlists';
import { PlayableSongList, useSongActions } from '../../../shared/songs';
import { IconButton } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { TrashIcon } from '../../../ui/icons';
import { focusKey, ReorderControls } from './ReorderControls';
import { UndoBar } from './UndoBar';
import { usePlaylistEditing } from './usePlaylistEditing';
import { usePointerReorder } from './usePointerReorder';

/**
 * A playlist's songs: a row plays its song and queues the rest of the playlist in this order; like,
 * reorder (drag handle, or Move up / Move down), remove with Undo.
 */
export function PlaylistSongs({ playlist }: { playlist: PlaylistDetail }) {
  const { LikeButton } = useSongActions();
  const { container, move, remove, removed, undo, dismissUndo, announcement } = usePlaylistEditing(playlist);
  const dragHandlers = usePointerReorder((from, to) => move(from, to, 'drag'));
  const { songs: entries } = playlist;
  return (
    <div ref={container}>
      <UndoBar title={removed?.entry.song.title ?? null} onUndo={() => void undo()} onExpire={dismissUndo} />
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {entries.length === 0 ? (
        <EmptyState>This playlist has no songs yet. Use Add songs to fill it.</EmptyState>
      ) : (
        <PlayableSongList
          songs={entries.map((entry) => entry.song)}
          source="playlist"
          aria-label="Playlist songs"
          keyOf={(_song, index) => entries[index].id}
          actionsOf={(song, index) => (
            <>
              <ReorderControls song={song} index={index} count={entries.length} onMove={move} dragHandlers={dragHandlers(index)} />
              <LikeButton song={song} size={36} />
              <IconButton
                type="button"
                $size={36}
                aria-label={`Remove ${song.title} from playlist`}
                data-focus-key={focusKey(song.id, 'remove')}
                onClick={() => void remove(song.id)}
              >
                <TrashIcon />
              </IconButton>
            </>
          )}
        />
      )}
    </div>
  );
}
