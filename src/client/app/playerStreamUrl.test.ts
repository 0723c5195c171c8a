import { waitFor } from '@testing-library/react';
import type { FakeAudioService } from '../services/audio/FakeAudioService';
import { playerSaga } from '../features/player';
import { playerActions } from '../shared/player';
import { mockApi } from '../test/mockApi';
import { createTestServices, memoryTokenStore } from '../test/testServices';
import { makeStore } from './store';

// The player asks GET /api/songs/:id through the store's one HTTP path, so this runs on the real store.
const t1 = { id: 'song-1', title: 'Song 1', artist: 'Artist 1', url: '', duration: 120 };

function setup(publicUrl: string) {
  const services = createTestServices({ tokenStore: memoryTokenStore('access-token') });
  const api = mockApi({ 'GET /songs/song-1': () => ({ success: true, song: { id: 'song-1', publicUrl } }) });
  return { store: makeStore(services, undefined, { saga: playerSaga }), audio: services.audio as FakeAudioService, api };
}

describe('playing a song without a stream URL', () => {
  it("asks the API for a fresh one and plays it; without one: 'No audio URL available'", async () => {
    const first = setup('/api/songs/stream/song-1?st=fresh');
    try {
      first.store.dispatch(playerActions.playRequested({ track: t1 }));
      await waitFor(() => expect(first.audio.argsOf('load')).toEqual([['/api/songs/stream/song-1?st=fresh']]));
      await waitFor(() => expect(first.store.getState().player.currentTrack?.url).toBe('/api/songs/stream/song-1?st=fresh'));
    } finally {
      first.api.restore();
    }

    const second = setup('');
    try {
      second.store.dispatch(playerActions.playRequested({ track: t1 }));
      await waitFor(() => expect(second.store.getState().player).toMatchObject({ isPlaying: false, playingSongId: null, error: 'No audio URL available' }));
      expect(second.audio.methods()).toEqual([]);
    } finally {
      second.api.restore();
    }
  });
});
