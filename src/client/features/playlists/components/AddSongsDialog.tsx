import { useDispatch } from 'react-redux';
import { MESSAGES } from '../../../../contract/messages';
import { SongSearchDialog } from '../../../shared/songs';
import { toastShown } from '../../../ui/toast/toastSlice';
import { useOfflineRefusal } from '../../../ui/useOfflineRefusal';
import { useAddSongToPlaylistMutation } from '../playlistsApi';

export interface AddSongsDialogProps {
  open: boolean;
  playlistId: string;
  inPlaylist: Set<string>;
  onClose: () => void;
}

/** The detail page's "Add songs": search the library and add songs one by one. */
export function AddSongsDialog({ open, playlistId, inPlaylist, onClose }: AddSongsDialogProps) {
  const [add] = useAddSongToPlaylistMutation();
  const dispatch = useDispatch();
  const { refuse, failure } = useOfflineRefusal();
  const onAdd = async (song: { id: string }) => {
    if (refuse()) return false;
    try {
      await add({ playlistId, songId: song.id }).unwrap();
      return true;
    } catch (error) {
      dispatch(toastShown(failure(error, MESSAGES.failedToAddSongsToPlaylist), 'error'));
      return false;
    }
  };
  return (
    <SongSearchDialog
      open={open}
      onClose={onClose}
      title="Add songs"
      searchLabel="Find songs to add"
      resultsLabel="Songs to add"
      onAdd={onAdd}
      addLabel={(song) => `Add ${song.title}`}
      isIn={(songId) => inPlaylist.has(songId)}
      inLabel={(song) => `${song.title} is in the playlist`}
    />
  );
}
