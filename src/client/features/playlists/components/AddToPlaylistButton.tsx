import { IconButton } from '../../../ui/Button';
import { PlusIcon } from '../../../ui/icons';

export interface AddToPlaylistButtonProps {
  song: { id: string; title: string };
  size?: number;
}

// A frame: the add-to-playlist modal is built with the playlists issue; the props are the contract.
export function AddToPlaylistButton({ song, size }: AddToPlaylistButtonProps) {
  return (
    <IconButton type="button" aria-label={`Add ${song.title} to playlist`} $size={size} disabled>
      <PlusIcon />
    </IconButton>
  );
}
