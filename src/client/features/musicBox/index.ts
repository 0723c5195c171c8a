export { musicBoxActions, musicBoxSlice, selectMusicBox } from './musicBoxSlice';
export type { MusicBoxState, SuggestionSort } from './musicBoxSlice';
export { musicBoxApi, useGetSuggestionsInfiniteQuery } from './musicBoxApi';
