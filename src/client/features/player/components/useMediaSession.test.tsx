import { act } from '@testing-library/react';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { initialPlayerState, type PlayerTrack } from '../../../shared/player';
import { playerActions } from '../../../shared/player/playerSlice';
import { mediaArtwork, useMediaSession } from './useMediaSession';

class FakeMediaMetadata {
  title: string;
  artist: string;
  album: string;
  artwork: MediaImage[];
  constructor(init: MediaMetadataInit) {
    this.title = init.title ?? '';
    this.artist = init.artist ?? '';
    this.album = init.album ?? '';
    this.artwork = [...(init.artwork ?? [])];
  }
}

const session = { metadata: null as FakeMediaMetadata | null, playbackState: 'none', setActionHandler: jest.fn() };

beforeAll(() => {
  Object.defineProperty(navigator, 'mediaSession', { value: session, configurable: true });
  (globalThis as { MediaMetadata?: unknown }).MediaMetadata = FakeMediaMetadata;
});
afterAll(() => {
  delete (navigator as { mediaSession?: unknown }).mediaSession;
  delete (globalThis as { MediaMetadata?: unknown }).MediaMetadata;
});

function Probe() {
  useMediaSession();
  return null;
}

const track = (over: Partial<PlayerTrack> = {}): PlayerTrack => ({
  id: 's1',
  title: 'Low Tide',
  artist: 'The Tidal Quartet',
  url: '/api/songs/stream/s1',
  duration: 20,
  ...over,
});

describe('Media Session metadata', () => {
  it('gives the lock screen every thumbnail as an absolute JPEG URL', () => {
    expect(mediaArtwork('/api/artwork/ab12', 'https://music.example')).toEqual([
      { src: 'https://music.example/api/artwork/ab12?size=64', sizes: '64x64', type: 'image/jpeg' },
      { src: 'https://music.example/api/artwork/ab12?size=300', sizes: '300x300', type: 'image/jpeg' },
      { src: 'https://music.example/api/artwork/ab12?size=600', sizes: '600x600', type: 'image/jpeg' },
    ]);
    expect(mediaArtwork(null, 'https://music.example')).toEqual([]);
  });

  it("shows the playing track's album and artwork, and the app's name and no picture when they are unknown", () => {
    const { store } = renderWithProviders(<Probe />, { preloadedState: { ...signedInState(), player: initialPlayerState } });
    expect(session.metadata).toBeNull();
    act(() => {
      store.dispatch(
        playerActions.restored({
          track: track({ album: 'Harbour Lights', artworkUrl: '/api/artwork/ab12' }),
          queue: [],
          history: [],
          currentTime: 0,
          duration: 20,
          volume: 1,
          muted: false,
        }),
      );
    });
    expect(session.metadata).toMatchObject({ title: 'Low Tide', artist: 'The Tidal Quartet', album: 'Harbour Lights' });
    expect(session.metadata?.artwork.map((a) => a.src)).toEqual([64, 300, 600].map((s) => `${window.location.origin}/api/artwork/ab12?size=${s}`));

    act(() => {
      store.dispatch(
        playerActions.restored({ track: track({ id: 's2', title: 'Demo' }), queue: [], history: [], currentTime: 0, duration: 20, volume: 1, muted: false }),
      );
    });
    expect(session.metadata).toMatchObject({ title: 'Demo', album: 'Wavelength', artwork: [] });
  });
});
