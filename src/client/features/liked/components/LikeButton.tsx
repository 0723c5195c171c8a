import { IconButton } from '../../../ui/Button';
import { HeartFilledIcon, HeartIcon } from '../../../ui/icons';
import { useIsLiked, useToggleLike } from '../hooks';

export interface LikeButtonProps {
  song: { id: string; title: string };
  size?: number;
}

/** The like toggle used everywhere (search, top search, player bar, playlists, liked): one cache behind all. */
export function LikeButton({ song, size }: LikeButtonProps) {
  const liked = useIsLiked(song.id);
  const toggle = useToggleLike();
  return (
    <IconButton
      type="button"
      aria-label={`Like ${song.title}`}
      aria-pressed={liked}
      $active={liked}
      $size={size}
      onClick={(event) => {
        event.stopPropagation();
        toggle(song.id);
      }}
    >
      {liked ? <HeartFilledIcon /> : <HeartIcon />}
    </IconButton>
  );
}
