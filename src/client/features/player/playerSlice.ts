import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { VOLUME_DEFAULT } from '../../../contract/limits';
import type { PlayerTrack, PlaySource } from './playerTypes';

/** SPEC §3 player and audio player state. */
export interface PlayerState {
  currentTrack: PlayerTrack | null;
  /** id of the song that is playing, cleared when playing fails */
  playingSongId: string | null;
  isPlaying: boolean;
  isLoading: boolean;
  isBuffering: boolean;
  currentTime: number;
  duration: number;
  volume: number;
  isMuted: boolean;
  error: string | null;
  /** tracks after the current one */
  queue: PlayerTrack[];
  /** tracks played before the current one, newest last (for Previous) */
  history: PlayerTrack[];
  isRadioMode: boolean;
  /** the browser blocked autoplay: the next click anywhere resumes */
  requiresInteraction: boolean;
}

export const initialPlayerState: PlayerState = {
  currentTrack: null,
  playingSongId: null,
  isPlaying: false,
  isLoading: false,
  isBuffering: false,
  currentTime: 0,
  duration: 0,
  volume: VOLUME_DEFAULT,
  isMuted: false,
  error: null,
  queue: [],
  history: [],
  isRadioMode: false,
  requiresInteraction: false,
};

export const playerSlice = createSlice({
  name: 'player',
  initialState: initialPlayerState,
  reducers: {
    // Intents, handled by the player sagas (built with the player issue).
    playRequested(_state, _action: PayloadAction<{ track: PlayerTrack; source?: PlaySource }>) {},
    /** SPEC §4: playing several replaces the queue: the first plays, the rest are queued. */
    playAllRequested(_state, _action: PayloadAction<{ tracks: PlayerTrack[]; startIndex?: number; source?: PlaySource }>) {},
    /** The current song pauses/resumes; another song plays. */
    togglePlayRequested(_state, _action: PayloadAction<{ track: PlayerTrack; source?: PlaySource }>) {},
    /** The radio is live with a track: play it from `offsetSeconds`, in radio mode. */
    radioPlayRequested(_state, _action: PayloadAction<{ track: PlayerTrack; offsetSeconds: number }>) {},
    /** Radio mode: the live position moved more than 1 s away from what plays; seek to it. */
    radioSyncRequested(_state, _action: PayloadAction<{ offsetSeconds: number }>) {},
    /** The radio stopped: radio mode ends and playback pauses. */
    radioStopped() {},
    // Results, dispatched by the player sagas.
    /** A new track started playing outside radio mode (statistics count a play on it). */
    trackStarted(_state, _action: PayloadAction<{ track: PlayerTrack; source: PlaySource }>) {},
  },
  selectors: {
    selectPlayer: (state) => state,
    selectCurrentTrack: (state) => state.currentTrack,
    selectPlayingSongId: (state) => (state.isPlaying ? state.playingSongId : null),
  },
});

export const playerActions = playerSlice.actions;
export const { selectPlayer, selectCurrentTrack, selectPlayingSongId } = playerSlice.selectors;
