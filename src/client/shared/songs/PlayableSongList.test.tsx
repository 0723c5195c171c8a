import { fireEvent, screen } from '@testing-library/react';
import type { Song } from '../../../contract/songs';
import { renderWithProviders, signedInState } from '../../test/renderWithProviders';
import { initialPlayerState, playerActions, toPlayerTrack } from '../player';
import { PlayableSongList } from './PlayableSongList';

const song = (n: number): Song =>
  ({ id: `song-${n}`, title: `Song ${n}`, artist: `Artist ${n}`, duration: 60, publicUrl: `/s/${n}`, createdAt: '2026-01-01T00:00:00.000Z' }) as Song;
const songs = [song(1), song(2), song(3)];

describe('one way to play a list (usePlaySongs)', () => {
  it('playing a song of the list plays it and queues the rest of the list', () => {
    const list = () => <PlayableSongList songs={songs} source="home" />;
    const { store, rerender } = renderWithProviders(list(), { preloadedState: signedInState() });
    const dispatch = jest.spyOn(store, 'dispatch');
    rerender(list()); // the hook takes the spied dispatch
    fireEvent.click(screen.getByRole('button', { name: 'Play Song 2' }));
    expect(dispatch).toHaveBeenCalledWith(playerActions.playAllRequested({ tracks: songs.map(toPlayerTrack), startIndex: 1, source: 'home' }));
  });

  it('on the current song it pauses or resumes', () => {
    const current = toPlayerTrack(songs[0]);
    const list = () => <PlayableSongList songs={songs} source="liked" />;
    const { store, rerender } = renderWithProviders(list(), {
      preloadedState: { ...signedInState(), player: { ...initialPlayerState, currentTrack: current, isPlaying: true, playingSongId: current.id } },
    });
    const dispatch = jest.spyOn(store, 'dispatch');
    rerender(list());
    fireEvent.click(screen.getByRole('button', { name: 'Pause Song 1' }));
    expect(dispatch).toHaveBeenCalledWith(playerActions.togglePlayRequested({ track: current, source: 'liked' }));
  });
});
