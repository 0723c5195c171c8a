import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Suggestion, SuggestionSort, SuggestionVote } from '../../../contract/musicbox';
import { musicBoxApi } from './musicBoxApi';

export type { SuggestionSort };

/** Client state of the Music Box page; the suggestions themselves live in RTK Query. */
export interface MusicBoxState {
  sort: SuggestionSort;
  search: string;
  /** a suggestion the list should bring into view (loading pages until it is there) */
  revealId: string | null;
  /** the suggestion highlighted after a duplicate was refused (for 2 s) */
  highlightedId: string | null;
  /**
   * What I suggested since the page was loaded, newest first: shown first and highlighted whatever
   * the sort (docs/product.md §2.6), kept here (not stored) so a reload ends it. The list's own copy
   * wins when it has one; this copy follows votes, decisions and deletions meanwhile.
   */
  added: Suggestion[];
}

const initialState: MusicBoxState = { sort: 'popular', search: '', revealId: null, highlightedId: null, added: [] };

function setVotes(state: MusicBoxState, votes: SuggestionVote[]) {
  for (const { id, voteCount } of votes) for (const s of state.added) if (s.id === id) s.voteCount = voteCount;
}

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
    /** Vote counts others changed, as the server announced them (live). */
    votesChanged(state, action: PayloadAction<SuggestionVote[]>) {
      setVotes(state, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(musicBoxApi.endpoints.addSuggestion.matchFulfilled, (state, { payload }) => {
        state.added = [payload.suggestion, ...state.added.filter((s) => s.id !== payload.suggestion.id)];
      })
      .addMatcher(musicBoxApi.endpoints.toggleVote.matchFulfilled, (state, { payload, meta }) => {
        for (const s of state.added) if (s.id === meta.arg.originalArgs.id) Object.assign(s, { hasVoted: payload.hasVoted, voteCount: payload.voteCount });
      })
      .addMatcher(musicBoxApi.endpoints.updateSuggestionStatus.matchFulfilled, (state, { payload }) => {
        state.added = state.added.map((s) => (s.id === payload.suggestion.id ? payload.suggestion : s));
      })
      .addMatcher(musicBoxApi.endpoints.deleteSuggestion.matchFulfilled, (state, { meta }) => {
        state.added = state.added.filter((s) => s.id !== meta.arg.originalArgs.id);
      });
  },
  selectors: {
    selectMusicBox: (state) => state,
    selectHighlightedId: (state) => state.highlightedId,
  },
});

export const musicBoxActions = musicBoxSlice.actions;
export const { selectMusicBox, selectHighlightedId } = musicBoxSlice.selectors;
