import type { ReactNode } from 'react';
import { SongList, SongRow } from '../../ui/SongRow';
import { toPlayerTrack } from '../player/toPlayerTrack';
import { usePlaySongs, type PlayableSong } from '../player/usePlaySongs';
import { usePrepareIntents } from '../player/usePrepareOnIntent';
import type { PlaySource } from '../player/playerTypes';
import { StandardSongActions } from './SongActions';

export interface PlayableSongListProps<S extends PlayableSong> {
  songs: readonly S[];
  source: PlaySource;
  'aria-label'?: string;
  'aria-busy'?: boolean;
  /** a row's key (defaults to the song id; lists where a song repeats pass their entry id) */
  keyOf?: (song: S, index: number) => string;
  /** extra text under a row's artist */
  metaOf?: (song: S, index: number) => ReactNode;
  /** a row's buttons (defaults to like and add to playlist) */
  actionsOf?: (song: S, index: number) => ReactNode;
  rowTestId?: string;
}

/** The playable song list of every screen: a row plays its song and queues the rest of the list. */
export function PlayableSongList<S extends PlayableSong>({ songs, source, keyOf, metaOf, actionsOf, rowTestId, ...aria }: PlayableSongListProps<S>) {
  const { play, isCurrent, isPlaying } = usePlaySongs(songs, source);
  const intentFor = usePrepareIntents();
  return (
    <SongList {...aria}>
      {songs.map((song, index) => (
        <SongRow
          key={keyOf ? keyOf(song, index) : song.id}
          song={song}
          current={isCurrent(song.id)}
          playing={isPlaying(song.id)}
          onPlay={() => play(index)}
          playIntent={intentFor(keyOf ? keyOf(song, index) : song.id, () => toPlayerTrack(song))}
          meta={metaOf?.(song, index)}
          actions={actionsOf ? actionsOf(song, index) : <StandardSongActions song={song} />}
          testId={rowTestId}
        />
      ))}
    </SongList>
  );
}
