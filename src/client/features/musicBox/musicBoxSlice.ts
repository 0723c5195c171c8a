import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type SuggestionSort = 'popular' | 'newest';

/** Client state of the Music Box page; the suggestions themselves live in RTK Query. */
export interface MusicBoxState {
  sort: SuggestionSort;
  search: string;
  /** the suggestion highlighted after a duplicate was refused (for 2 s) */
  highlightedId: string | null;
}

const initialState: MusicBoxState = { sort: 'popular', search: '', highlightedId: null };

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
  },
  selectors: {
    selectMusicBox: (state) => state,
  },
});

export const musicBoxActions = musicBoxSlice.actions;
export const { selectMusicBox } = musicBoxSlice.selectors;
