import { useDispatch } from 'react-redux';
import { MESSAGES } from '../../../../contract/messages';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { toastShown } from '../../../ui/toast/toastSlice';
import { useOfflineRefusal } from '../../../ui/useOfflineRefusal';
import { useDeletePlaylistMutation } from '../playlistsApi';

/** docs/product.md §5: deleting a playlist asks 'Are you sure you want to delete this playlist?'. */
export function DeletePlaylistDialog({
  playlist,
  onClose,
  onDeleted,
}: {
  playlist: { id: string; name: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const [remove, { isLoading }] = useDeletePlaylistMutation();
  const dispatch = useDispatch();
  const { refuse, failure } = useOfflineRefusal();
  return (
    <ConfirmDialog
      open={Boolean(playlist)}
      title={playlist ? `Delete ${playlist.name}?` : 'Delete playlist?'}
      message={MESSAGES.deletePlaylistConfirm}
      confirmLabel="Delete"
      danger
      busy={isLoading}
      onCancel={onClose}
      onConfirm={async () => {
        if (!playlist || refuse()) return;
        try {
          await remove(playlist.id).unwrap();
          dispatch(toastShown('Playlist deleted', 'success'));
          onClose();
          onDeleted?.();
        } catch (error) {
          dispatch(toastShown(failure(error, MESSAGES.failedToDeletePlaylist), 'error'));
        }
      }}
    />
  );
}
