import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SuggestionSort } from '../../../contract/musicbox';

export type { SuggestionSort };

/** Client state of the Music Box page; the suggestions themselves live in RTK Query. */
export interface MusicBoxState {
  sort: SuggestionSort;
  search: string;
  /** a suggestion the list should bring into view (loading pages until it is there) */
  revealId: string | null;
  /** the suggestion highlighted after a duplicate was refused (for 2 s) */
  highlightedId: string | null;
}

const initialState: MusicBoxState = { sort: 'popular', search: '', revealId: null, highlightedId: null };

export const musicBoxSlice = createSlice({
  name: 'musicBox',
  initialState,
  reducers: {
    sortChanged(state, action: PayloadAction<SuggestionSort>) {
      state.sort = action.payload;
    },
    searchChanged(state, action: PayloadAction<string>) {
      state.search = action.payload;
    },
    /** A suggestion was refused as a duplicate of this one: show the whole list and bring it into view. */
    duplicateFound(state, action: PayloadAction<string>) {
      state.revealId = action.payload;
      state.search = '';
    },
    /** The list scrolled the suggestion into view (the saga then highlights it). */
    suggestionRevealed(state, action: PayloadAction<string>) {
      if (state.revealId === action.payload) state.revealId = null;
    },
    /** Every page is loaded and the suggestion is not among them (deleted meanwhile). */
    revealAbandoned(state) {
      state.revealId = null;
    },
    highlightStarted(state, action: PayloadAction<string>) {
      state.highlightedId = action.payload;
    },
    highlightEnded(state, action: PayloadAction<string>) {
      if (state.highlightedId === action.payload) state.highlightedId = null;
    },
  },
  selectors: {
    selectMusicBox: (state) => state,
    selectHighlightedId: (state) => state.highlightedId,
  },
});

export const musicBoxActions = musicBoxSlice.actions;
export const { selectMusicBox, selectHighlightedId } = musicBoxSlice.selectors;
