import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { RadioQueueTrack, RadioStateData, TrackChangeData } from '../../../contract/radio';
import { radioApi } from './radioApi';
import type { RadioSchedule } from './radioNextPlan';

export type { RadioQueueTrack };

/** The station item radio mode plays and the server's start of it; `viaEngine` when the engine started it at its boundary (or is about to). */
export interface RadioFollowing {
  itemId: string;
  startedAt: number;
  viaEngine?: boolean;
}

/** An announced item the engine should start at its boundary (`startAtMs`, local clock); loaded if it has not by then. */
export interface RadioHandover {
  songId: string;
  startAtMs: number;
}

/** docs/product.md §3 radio state plus the socket's connection status and the clock sync. */
export interface RadioState {
  queue: RadioQueueTrack[];
  currentTrack: RadioQueueTrack | null;
  listeners: number;
  isRadioActive: boolean;
  /** when the current track started, server time (ms) */
  startedAt: number | null;
  /** estimated server clock minus local clock, ms */
  clockOffsetMs: number;
  connection: 'disconnected' | 'connecting' | 'connected';
  error: string | null;
  /** the radio page is open (with nothing of one's own on, it tunes in) */
  onRadioPage: boolean;
  /** an admin's skip is on its way to the server */
  skipping: boolean;
  // radio mode (docs/product.md §4.4), kept by the radio mode saga
  /** the listener is on the radio: they pressed Tune in, or opened the page with nothing of their own on */
  tunedIn: boolean;
  following: RadioFollowing | null;
  /** the station's next item as the radio set it on the engine */
  scheduled: RadioSchedule | null;
  handover: RadioHandover | null;
}

const initialState: RadioState = {
  queue: [],
  currentTrack: null,
  listeners: 0,
  isRadioActive: false,
  startedAt: null,
  clockOffsetMs: 0,
  connection: 'disconnected',
  error: null,
  onRadioPage: false,
  skipping: false,
  tunedIn: false,
  following: null,
  scheduled: null,
  handover: null,
};

function applyTrack(state: RadioState, data: TrackChangeData) {
  state.currentTrack = data.currentTrack;
  state.isRadioActive = data.isRadioActive;
  state.startedAt = data.startedAt;
}

export const radioSlice = createSlice({
  name: 'radio',
  initialState,
  reducers: {
    // the socket
    connecting(state) {
      state.connection = 'connecting';
    },
    connected(state) {
      state.connection = 'connected';
      state.error = null;
    },
    disconnected(state) {
      state.connection = 'disconnected';
    },
    /** docs/product.md §8 "Websocket" errors and the server's ERROR messages. */
    errorReceived(state, action: PayloadAction<string>) {
      state.error = action.payload;
    },
    clockSynced(state, action: PayloadAction<number>) {
      state.clockOffsetMs = action.payload;
    },
    // the server's messages
    /** QUEUE_UPDATE: the whole state */
    stateReceived(state, action: PayloadAction<RadioStateData>) {
      const { queue, listeners } = action.payload;
      applyTrack(state, action.payload);
      state.queue = queue;
      state.listeners = listeners;
    },
    trackChanged(state, action: PayloadAction<TrackChangeData>) {
      applyTrack(state, action.payload);
    },
    statusChanged(state, action: PayloadAction<TrackChangeData>) {
      applyTrack(state, action.payload);
    },
    listenersUpdated(state, action: PayloadAction<number>) {
      state.listeners = action.payload;
    },
    // intents
    /** "Tune in" / "Listen live": onto the radio, whatever plays now. */
    listenRequested(state) {
      state.tunedIn = true;
    },
    pageOpened(state) {
      state.onRadioPage = true;
    },
    pageClosed(state) {
      state.onRadioPage = false;
    },
    // radio mode's bookkeeping, put by its saga
    tunedInChanged(state, action: PayloadAction<boolean>) {
      state.tunedIn = action.payload;
    },
    followed(state, action: PayloadAction<RadioFollowing | null>) {
      state.following = action.payload;
    },
    nextScheduled(state, action: PayloadAction<RadioSchedule | null>) {
      state.scheduled = action.payload;
    },
    handoverAwaited(state, action: PayloadAction<RadioHandover>) {
      state.handover = action.payload;
    },
    /** The awaited hand-over happened, was given up, or no longer matters. */
    handoverSettled(state) {
      state.handover = null;
    },
    /** Signed out: nothing of the radio stays (radio mode's saga winds down what it set, from the reset state). */
    reset(state) {
      const { onRadioPage, tunedIn, following, scheduled, handover } = state;
      return { ...initialState, onRadioPage, tunedIn, following, scheduled, handover };
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(radioApi.endpoints.skipRadioTrack.matchPending, (state) => {
      state.skipping = true;
    });
    builder.addMatcher(isAnyOf(radioApi.endpoints.skipRadioTrack.matchFulfilled, radioApi.endpoints.skipRadioTrack.matchRejected), (state) => {
      state.skipping = false;
    });
    // The live state has one home: GET /radio/queue seeds it until the socket is connected, then the socket keeps it.
    builder.addMatcher(radioApi.endpoints.getRadioQueue.matchFulfilled, (state, action) => {
      if (state.connection === 'connected') return;
      const { queue, listeners } = action.payload;
      applyTrack(state, action.payload);
      state.queue = queue;
      state.listeners = listeners;
    });
  },
  selectors: {
    selectRadio: (state) => state,
  },
});

export const radioActions = radioSlice.actions;
export const { selectRadio } = radioSlice.selectors;
