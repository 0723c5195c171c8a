import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { VOLUME_DEFAULT } from '../../../contract/limits';
import { advanceOnEngine, initialEnginePlan, initialEngineState, type EnginePlan, type EngineState, type PlannedNext } from './engineState';
import { QUEUE_SOURCE, type PlayerSource, type PlayerTrack, type PlaySource } from './playerTypes';

/** docs/product.md §3 player and audio player state. */
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
  /** the queue, or the radio (radio mode: no seek, no previous, Next is an admin's Skip) */
  source: PlayerSource;
  /** what the queue or the radio wants the engine to have (its next track, the current gain) */
  plan: EnginePlan;
  /** what the engine was told (the playback saga brings it to `plan`) */
  engine: EngineState;
  /** the browser blocked autoplay: the next click anywhere resumes */
  requiresInteraction: boolean;
  /** a track whose start waits for that click (autoplay blocked); its play is counted once it really starts */
  pendingStart: { track: PlayerTrack; source: PlaySource } | null;
  /** the current track is shown (restored after a reload) but not yet loaded: Play loads it at currentTime */
  needsLoad: boolean;
}

/** What a reload brings back of the player (docs/product.md §3.2): the track paused at its position, the queue, the volume. */
export interface RestoredPlayer {
  track: PlayerTrack | null;
  queue: PlayerTrack[];
  history: PlayerTrack[];
  currentTime: number;
  duration: number;
  volume: number;
  muted: boolean;
}

const HISTORY_LIMIT = 100;

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
  source: QUEUE_SOURCE,
  plan: initialEnginePlan,
  engine: initialEngineState,
  requiresInteraction: false,
  pendingStart: null,
  needsLoad: false,
};

function setAsideCurrent(state: PlayerState) {
  if (state.currentTrack) state.history.push(state.currentTrack);
  state.history = state.history.slice(-HISTORY_LIMIT);
}

export const playerSlice = createSlice({
  name: 'player',
  initialState: initialPlayerState,
  reducers: {
    // Intents, handled by the player sagas.
    playRequested(_state, _action: PayloadAction<{ track: PlayerTrack; source?: PlaySource }>) {},
    /** docs/product.md §4: playing several replaces the queue: the first plays, the rest are queued. */
    playAllRequested(_state, _action: PayloadAction<{ tracks: PlayerTrack[]; startIndex?: number; source?: PlaySource }>) {},
    /** The current song pauses/resumes; another song plays. */
    togglePlayRequested(_state, _action: PayloadAction<{ track: PlayerTrack; source?: PlaySource }>) {},
    /** The radio is live with a track: play it from `offsetSeconds`, in radio mode. */
    radioPlayRequested(_state, _action: PayloadAction<{ track: PlayerTrack; offsetSeconds: number; itemId?: string }>) {},
    /** Radio mode: the live position moved more than 1 s away from what plays; seek to it. */
    radioSyncRequested(_state, _action: PayloadAction<{ offsetSeconds: number }>) {},
    /** The radio stopped: radio mode ends and playback pauses. */
    radioStopped() {},
    /** Play/pause of the player bar, media keys and the space bar. */
    playPauseRequested() {},
    pauseRequested() {},
    resumeRequested() {},
    nextRequested() {},
    /** An admin's Skip of the station's track: the radio page's button and, in radio mode, the player bar's. */
    stationSkipRequested() {},
    /** Restarts the track when more than 3 s in, otherwise goes to the previous track. */
    previousRequested() {},
    seekRequested(_state, _action: PayloadAction<{ seconds: number }>) {},
    volumeChangeRequested(_state, _action: PayloadAction<{ volume: number }>) {},
    muteToggleRequested() {},
    /** A click anywhere while playback waits for one (autoplay blocked). */
    userInteracted() {},
    /** A likely play: a pointer over, or focus on, a track's Play control (docs/product.md §2.14); nothing is counted. */
    prepareRequested(_state, _action: PayloadAction<{ track: PlayerTrack }>) {},
    /** That intent went away (the pointer left, focus moved on). */
    prepareCancelled(_state, _action: PayloadAction<{ track: PlayerTrack }>) {},

    // Results, dispatched by the player sagas.
    /** A track is being loaded: its time starts at `at` (0) and its duration is the library's until the file says. */
    trackLoading(state, action: PayloadAction<{ duration: number; at?: number }>) {
      // a load replaces what plays, so what was planned after the old track goes
      state.plan.next = null;
      state.isLoading = true;
      state.error = null;
      state.currentTime = action.payload.at ?? 0;
      state.duration = action.payload.duration;
    },
    /** A track is current and playing (or, when `playing` is false, waits for a click to start). */
    trackReady(state, action: PayloadAction<{ track: PlayerTrack; playing: boolean; source: PlayerSource }>) {
      const { track, playing, source } = action.payload;
      state.currentTrack = track;
      state.isLoading = false;
      state.isPlaying = playing;
      state.playingSongId = playing ? track.id : null;
      state.source = source;
      state.requiresInteraction = false;
      state.error = null;
      state.needsLoad = false;
    },
    /** After a reload: the saved player comes back paused, its track not loaded until Play. */
    restored(state, action: PayloadAction<RestoredPlayer>) {
      const saved = action.payload;
      Object.assign(state, { ...initialPlayerState, plan: state.plan, engine: state.engine, volume: saved.volume, isMuted: saved.muted });
      if (!saved.track) return;
      Object.assign(state, {
        currentTrack: saved.track,
        queue: saved.queue,
        history: saved.history,
        currentTime: saved.currentTime,
        duration: saved.duration,
        needsLoad: true,
      });
    },
    /** Signed out: nothing of the player stays for the next account (the sagas reset the engine first). */
    cleared() {
      return initialPlayerState;
    },
    /** docs/product.md §4: on failure playing is false and the playing id is cleared. */
    playbackFailed(state, action: PayloadAction<{ message: string }>) {
      state.isLoading = false;
      state.isPlaying = false;
      state.isBuffering = false;
      state.playingSongId = null;
      state.error = action.payload.message;
    },
    playbackResumed(state) {
      state.pendingStart = null;
      state.isPlaying = true;
      state.playingSongId = state.currentTrack?.id ?? null;
      state.requiresInteraction = false;
      state.error = null;
    },
    playbackPaused(state) {
      state.isPlaying = false;
      state.isBuffering = false;
    },
    /** The browser refused to start playback without a user gesture. */
    interactionRequired(state, action: PayloadAction<{ message: string }>) {
      state.isPlaying = false;
      state.playingSongId = null;
      state.isLoading = false;
      state.requiresInteraction = true;
      state.error = action.payload.message;
    },
    // Queue and history, docs/product.md §4: the sagas say what happened, the arithmetic is here.
    /** Another track is about to play: the current one goes to the history. */
    currentSetAside(state) {
      setAsideCurrent(state);
    },
    /** A list replaces the queue: what comes before `startIndex` joins the history, what comes after is queued. */
    listQueued(state, action: PayloadAction<{ tracks: PlayerTrack[]; startIndex: number }>) {
      const { tracks, startIndex } = action.payload;
      setAsideCurrent(state);
      state.history = [...state.history, ...tracks.slice(0, startIndex)].slice(-HISTORY_LIMIT);
      state.queue = tracks.slice(startIndex + 1);
    },
    /** Next: the current track goes to the history and the first queued one leaves the queue (it is loading). */
    advanced(state) {
      setAsideCurrent(state);
      state.queue = state.queue.slice(1);
    },
    /** Previous: the current track goes back to the front of the queue and the last one of the history leaves it. */
    wentBack(state) {
      if (state.currentTrack) state.queue.unshift(state.currentTrack);
      state.history = state.history.slice(0, -1);
    },
    /** Autoplay was blocked on a new track: remember it, to count its play once a click starts it. */
    startDeferred(state, action: PayloadAction<{ track: PlayerTrack; source: PlaySource } | null>) {
      state.pendingStart = action.payload;
    },
    radioModeLeft(state) {
      state.source = QUEUE_SOURCE;
    },
    /** The queue or the radio wants this track next on the engine (null: nothing). */
    nextPlanned(state, action: PayloadAction<PlannedNext | null>) {
      state.plan.next = action.payload;
    },
    /** The current track should play at this gain (docs/product.md §2.14). */
    gainPlanned(state, action: PayloadAction<number>) {
      state.plan.gain = action.payload;
    },
    /** The engine was told its next track (null: none). */
    engineNextSet(state, action: PayloadAction<PlannedNext | null>) {
      state.engine.next = action.payload;
    },
    /** The engine was told the current track's gain. */
    engineGainSet(state, action: PayloadAction<number>) {
      state.engine.gain = action.payload;
    },
    /** Another load replaces the current track: where it was left (docs/product.md §4.4 keeps a long track's place). */
    trackLeft(_state, _action: PayloadAction<{ track: PlayerTrack; seconds: number; duration: number }>) {},
    /** The page was hidden (another tab, the screen locked, the page closing): a long track's place is saved. */
    pageHidden() {},
    /** docs/product.md §4.4: where the listener left a long track was saved on the server. */
    bookmarkSaved(_state, _action: PayloadAction<{ songId: string; positionMs: number }>) {},
    /** A long track played to its end: its bookmark is gone. */
    bookmarkDeleted(_state, _action: PayloadAction<{ songId: string }>) {},
    /** A long track played from its start went on at its bookmark. */
    bookmarkResumed(_state, _action: PayloadAction<{ songId: string; seconds: number }>) {},
    /** A new track started playing outside radio mode (statistics count a play on it). */
    trackStarted(_state, _action: PayloadAction<{ track: PlayerTrack; source: PlaySource }>) {},

    // Audio element events (docs/product.md §4), through the audio service's event channel.
    timeUpdated(state, action: PayloadAction<{ currentTime: number }>) {
      state.currentTime = action.payload.currentTime;
    },
    durationKnown(state, action: PayloadAction<{ duration: number }>) {
      if (action.payload.duration > 0) state.duration = action.payload.duration;
    },
    bufferingChanged(state, action: PayloadAction<{ buffering: boolean }>) {
      state.isBuffering = action.payload.buffering;
    },
    volumeChanged(state, action: PayloadAction<{ volume: number; muted: boolean }>) {
      state.volume = action.payload.volume;
      state.isMuted = action.payload.muted;
    },
    /** The element started or stopped on its own account (e.g. the operating system paused it). */
    elementPlayingChanged(state, action: PayloadAction<{ playing: boolean }>) {
      if (state.isLoading) return;
      state.isPlaying = action.payload.playing;
      if (action.payload.playing) state.playingSongId = state.currentTrack?.id ?? null;
      else state.isBuffering = false;
    },
    /** The track planned next (AudioService.setNext) started on the audio clock, `key` naming it (see advanceOnEngine). */
    engineAdvanced(state, action: PayloadAction<{ key: string; duration: number }>) {
      advanceOnEngine(state, action.payload.key, action.payload.duration, () => setAsideCurrent(state));
    },
    trackEnded(state) {
      state.isPlaying = false;
      state.isBuffering = false;
    },
    mediaErrorOccurred(state, action: PayloadAction<{ message: string }>) {
      state.isPlaying = false;
      state.isBuffering = false;
      state.playingSongId = null;
      state.error = action.payload.message;
    },
  },
  selectors: {
    selectPlayer: (state) => state,
    selectIsRadioSource: (state) => state.source.kind === 'radio',
    selectCurrentTrack: (state) => state.currentTrack,
    selectPlayingSongId: (state) => (state.isPlaying ? state.playingSongId : null),
  },
});

export const playerActions = playerSlice.actions;
export const { selectPlayer, selectIsRadioSource, selectCurrentTrack, selectPlayingSongId } = playerSlice.selectors;

export const isRadioSource = (player: PlayerState): boolean => player.source.kind === 'radio';
