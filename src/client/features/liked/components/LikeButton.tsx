import { IconButton } from '../../../ui/Button';
import { HeartIcon } from '../../../ui/icons';

export interface LikeButtonProps {
  song: { id: string; title: string };
  size?: number;
}

// A frame: likes are built with the likes issue; the props are the contract other features use.
export function LikeButton({ song, size }: LikeButtonProps) {
  return (
    <IconButton type="button" aria-label={`Like ${song.title}`} aria-pressed={false} $size={size} disabled>
      <HeartIcon />
    </IconButton>
  );
}
