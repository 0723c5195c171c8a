import { createSlice } from '@reduxjs/toolkit';

export interface RadioQueueTrack {
  id: string;
  songId: string;
  title: string;
  artist: string;
  duration: number;
  addedBy: { id: string; username: string } | null;
  addedAt: string;
  url: string;
}

/** SPEC §3 radio state plus the socket's connection status and the clock sync. */
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
};

// Reducers for the socket's messages are built with the radio issue.
export const radioSlice = createSlice({
  name: 'radio',
  initialState,
  reducers: {},
  selectors: {
    selectRadio: (state) => state,
  },
});

export const radioActions = radioSlice.actions;
export const { selectRadio } = radioSlice.selectors;
