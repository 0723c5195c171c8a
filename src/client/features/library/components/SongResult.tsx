import type { Song } from '../../../../contract/songs';
import { SongRow } from '../../../ui/SongRow';
import { AddToPlaylistButton } from '../../playlists';
import { LikeButton } from '../../liked';

export interface SongResultProps {
  song: Song;
  /** the current track (playing or paused) */
  current: boolean;
  playing: boolean;
  onPlay: () => void;
  compact?: boolean;
}

/** A song in a result list: play/pause, title, artist, m:ss, like and add to playlist. */
export function SongResult({ song, current, playing, onPlay, compact = false }: SongResultProps) {
  const size = compact ? 36 : 40;
  return (
    <SongRow
      song={song}
      current={current}
      playing={playing}
      onPlay={onPlay}
      compact={compact}
      testId="song-result"
      actions={
        <>
          <LikeButton song={{ id: song.id, title: song.title }} size={size} />
          <AddToPlaylistButton song={{ id: song.id, title: song.title }} size={size} />
        </>
      }
    />
  );
}
