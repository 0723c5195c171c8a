import { useDispatch } from 'react-redux';
import type { PlaylistDetail } from '../../../../contract/playlists';
import { MESSAGES } from '../../../../contract/messages';
import { PlayableSongList, useSongActions } from '../../../shared/songs';
import { IconButton } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { TrashIcon } from '../../../ui/icons';
import { toastShown } from '../../../ui/toast/toastSlice';
import { useRemoveSongFromPlaylistMutation } from '../playlistsApi';

/** A playlist's songs: a row plays its song and queues the rest of the playlist; like and remove. */
export function PlaylistSongs({ playlist }: { playlist: PlaylistDetail }) {
  const [removeSong] = useRemoveSongFromPlaylistMutation();
  const dispatch = useDispatch();
  const { LikeButton } = useSongActions();
  const { songs: entries } = playlist;
  if (entries.length === 0) return <EmptyState>This playlist has no songs yet. Use Add songs to fill it.</EmptyState>;
  const remove = async (songId: string) => {
    try {
      await removeSong({ playlistId: playlist.id, songId }).unwrap();
    } catch {
      dispatch(toastShown(MESSAGES.failedToRemoveSongFromPlaylist, 'error'));
    }
  };
  return (
    <PlayableSongList
      songs={entries.map((entry) => entry.song)}
      source="playlist"
      aria-label="Playlist songs"
      keyOf={(_song, index) => entries[index].id}
      actionsOf={(song) => (
        <>
          <LikeButton song={song} />
          <IconButton type="button" aria-label={`Remove ${song.title} from playlist`} onClick={() => void remove(song.id)}>
            <TrashIcon />
          </IconButton>
        </>
      )}
    />
  );
}
