import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { createTestServices, memoryTokenStore } from '../../../test/testServices';
import { initialPlayerState, playerActions, type PlayerState } from '../../../shared/player/playerSlice';
import type { PlayerTrack } from '../../../shared/player/playerTypes';
import { PlayerBar } from './PlayerBar';

const track = (n: number): PlayerTrack => ({ id: `song-${n}`, title: `Song ${n}`, artist: `Artist ${n}`, url: `/s/${n}`, duration: 125 });

/** A stored token the auth bootstrap cannot clear (it is not a real JWT): these tests are about playback. */
const keptToken = () => ({ ...memoryTokenStore('token'), clear: () => undefined });

const realFetch = global.fetch;
beforeEach(() => {
  global.fetch = jest.fn(
    async () => new Response(JSON.stringify({ success: true, songIds: [] }), { headers: { 'content-type': 'application/json' } }),
  ) as typeof fetch;
});
afterEach(() => {
  global.fetch = realFetch;
});

function renderBar(player: Partial<PlayerState>, role: 'user' | 'admin' = 'user') {
  const services = createTestServices({ tokenStore: keptToken() });
  const result = renderWithProviders(<PlayerBar />, {
    preloadedState: { ...signedInState(role), player: { ...initialPlayerState, ...player } },
    services,
    runSagas: true,
  });
  return { ...result, audio: services.audio };
}

const playing = (more: Partial<PlayerState> = {}): Partial<PlayerState> => ({
  currentTrack: track(1),
  isPlaying: true,
  playingSongId: 'song-1',
  duration: 125,
  currentTime: 65,
  ...more,
});

describe('PlayerBar', () => {
  it('shows the title, artist and m:ss times, and pauses', () => {
    const { audio, store } = renderBar(playing());
    expect(screen.getByTestId('player-title')).toHaveTextContent('Song 1');
    expect(screen.getByTestId('player-artist')).toHaveTextContent('Artist 1');
    expect(screen.getByTestId('player-time')).toHaveTextContent('1:05');
    expect(screen.getByTestId('player-duration')).toHaveTextContent('2:05');
    expect(screen.getByRole('button', { name: 'Like Song 1' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(audio.methods()).toEqual(['pause']);
    expect(store.getState().player.isPlaying).toBe(false);
  });

  it('seeks with the seek bar, changes the volume and mutes', () => {
    const { audio, store } = renderBar(playing());
    fireEvent.change(screen.getByRole('slider', { name: 'Seek' }), { target: { value: '30' } });
    fireEvent.change(screen.getByRole('slider', { name: 'Volume' }), { target: { value: '0.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(audio.argsOf('seek')).toEqual([[30]]);
    expect(store.getState().player).toMatchObject({ currentTime: 30, volume: 0.5, isMuted: true });
  });

  it('the seek slider steps 5 s per arrow and says the time; the volume slider says a percentage', () => {
    const { audio } = renderBar(playing({ volume: 0.4 }));
    const seek = screen.getByRole('slider', { name: 'Seek' });
    expect(seek).toHaveAttribute('aria-valuetext', '1:05 of 2:05');
    fireEvent.keyDown(seek, { key: 'ArrowRight' });
    expect(seek).toHaveAttribute('aria-valuetext', '1:10 of 2:05');
    fireEvent.keyDown(seek, { key: 'ArrowLeft' });
    fireEvent.keyDown(seek, { key: 'ArrowLeft' });
    expect(audio.argsOf('seek')).toEqual([[70], [65], [60]]);
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuetext', '40%');
  });

  it("shows the song's generated cover, and a notice given to it", () => {
    renderWithProviders(<PlayerBar notice={<p>Radio is on air</p>} />, {
      preloadedState: { ...signedInState('user'), player: { ...initialPlayerState, ...playing() } },
    });
    expect(screen.getByTestId('generated-cover')).toHaveAttribute('data-cover-name', 'Song 1 · Artist 1');
    expect(screen.getByRole('contentinfo', { name: 'Player' })).toHaveTextContent('Radio is on air');
  });

  it('takes space and arrows from the keyboard, but not while typing in a field', () => {
    const { audio, store } = renderBar(playing());
    const field = document.createElement('input');
    document.body.appendChild(field);
    fireEvent.keyDown(field, { key: ' ' });
    fireEvent.keyDown(field, { key: 'ArrowRight' });
    expect(audio.methods()).toEqual([]);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(audio.argsOf('seek')).toEqual([[70]]);
    fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    expect(store.getState().player.volume).toBe(0.9);
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(store.getState().player.isPlaying).toBe(false);
    field.remove();
  });

  it('Next plays the next queued track', async () => {
    const { audio } = renderBar(playing({ queue: [track(2)] }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Song 2')).toBeInTheDocument();
    expect(audio.argsOf('load')).toEqual([['/s/2']]);
  });

  it('in radio mode: no seek or previous, and Skip is disabled for listeners', () => {
    renderBar(playing({ source: { kind: 'radio' as const, itemId: null } }));
    expect(screen.getByRole('slider', { name: 'Seek' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Skip' })).toBeDisabled();
  });

  it("an admin's Skip in radio mode sends the station's skip intent (the radio page's Skip sends the same)", () => {
    const { store, rerender } = renderWithProviders(<PlayerBar />, {
      preloadedState: { ...signedInState('admin'), player: { ...initialPlayerState, ...playing({ source: { kind: 'radio' as const, itemId: null } }) } },
    });
    const dispatch = jest.spyOn(store, 'dispatch');
    rerender(<PlayerBar />);
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(dispatch).toHaveBeenCalledWith(playerActions.stationSkipRequested());
  });

  it('asks for a click when autoplay was blocked, and the next click anywhere resumes', async () => {
    const { audio, store } = renderBar(
      playing({ isPlaying: false, playingSongId: null, requiresInteraction: true, error: 'Click anywhere to start playback' }),
    );
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Click anywhere to start playback');
    fireEvent.click(document.body);
    expect(audio.methods()).toEqual(['play']);
    await waitFor(() => expect(store.getState().player).toMatchObject({ requiresInteraction: false, isPlaying: true }));
  });
});
