import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { RadioQueueTrack, RadioStateData, TrackChangeData } from '../../../contract/radio';
import { radioApi } from './radioApi';

export type { RadioQueueTrack };

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
    listenRequested() {},
    pageOpened(state) {
      state.onRadioPage = true;
    },
    pageClosed(state) {
      state.onRadioPage = false;
    },
    /** Signed out: nothing of the radio stays. */
    reset(state) {
      return { ...initialState, onRadioPage: state.onRadioPage };
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
