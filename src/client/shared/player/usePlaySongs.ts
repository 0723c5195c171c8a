import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { Song } from '../../../contract/songs';
import { playerActions, selectCurrentTrack, selectPlayingSongId } from './playerSlice';
import type { PlaySource } from './playerTypes';
import { toPlayerTrack } from './toPlayerTrack';

export type PlayableSong = Pick<Song, 'id' | 'title' | 'artist' | 'publicUrl' | 'duration'>;

export interface PlaySongs {
  /** Plays the song at `index`; the rest of the list is queued. On the current song it pauses or resumes. */
  play: (index: number) => void;
  /** Plays the whole list from its first song. */
  playAll: () => void;
  /** the song is the current track (playing or paused) */
  isCurrent: (songId: string) => boolean;
  /** the song is the current track and playing */
  isPlaying: (songId: string) => boolean;
}

/**
 * docs/product.md §4: one way to play from a list, everywhere: playing one song replaces the queue
 * with the list, so Next and Previous walk through it.
 */
export function usePlaySongs(songs: readonly PlayableSong[], source: PlaySource): PlaySongs {
  const dispatch = useDispatch();
  const current = useSelector(selectCurrentTrack);
  const playingId = useSelector(selectPlayingSongId);
  const currentId = current?.id ?? null;

  const play = useCallback(
    (index: number) => {
      const song = songs[index];
      if (!song) return;
      if (song.id === currentId) dispatch(playerActions.togglePlayRequested({ track: toPlayerTrack(song), source }));
      else dispatch(playerActions.playAllRequested({ tracks: songs.map(toPlayerTrack), startIndex: index, source }));
    },
    [songs, currentId, source, dispatch],
  );
  const playAll = useCallback(() => {
    dispatch(playerActions.playAllRequested({ tracks: songs.map(toPlayerTrack), source }));
  }, [songs, source, dispatch]);
  const isCurrent = useCallback((songId: string) => songId === currentId, [currentId]);
  const isPlaying = useCallback((songId: string) => songId === playingId, [playingId]);
  return { play, playAll, isCurrent, isPlaying };
}
