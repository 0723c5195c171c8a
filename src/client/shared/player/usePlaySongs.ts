import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { Song } from '../../../contract/songs';
import { playerActions, selectCurrentTrack, selectPlayingSongId } from './playerSlice';
import type { PlaySource } from './playerTypes';
import { toPlayerTrack } from './toPlayerTrack';

export type PlayableSong = Pick<Song, 'id' | 'title' | 'artist' | 'publicUrl' | 'duration' | 'album' | 'artworkUrl'>;

export interface PlaySongs {
  /** Plays the song at `index`; the rest of the list is queued. On the current song it pauses or resumes. */
  play: (index: number) => void;
  /** Plays the whole list from its first song. */
  playAll: () => void;
  /** Plays the whole list in a random order. */
  shuffleAll: () => void;
  /** the song is the current track (playing or paused) */
  isCurrent: (songId: string) => boolean;
  /** the song is the current track and playing */
  isPlaying: (songId: string) => boolean;
}

/** A copy of the list in a random order (Fisher-Yates). */
export function shuffled<T>(list: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
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
  const shuffleAll = useCallback(() => {
    dispatch(playerActions.playAllRequested({ tracks: shuffled(songs).map(toPlayerTrack), source }));
  }, [songs, source, dispatch]);
  const isCurrent = useCallback((songId: string) => songId === currentId, [currentId]);
  const isPlaying = useCallback((songId: string) => songId === playingId, [playingId]);
  return { play, playAll, shuffleAll, isCurrent, isPlaying };
}
