import type { PayloadAction } from '@reduxjs/toolkit';
import { delay, put, takeLatest } from 'redux-saga/effects';
import { SUGGESTION_HIGHLIGHT_MS } from '../../../contract/limits';
import { musicBoxActions } from './musicBoxSlice';

/** docs/product.md §8 "Duplicate suggestion": the revealed original stays highlighted for 2 s. */
export function* highlightSuggestion(action: PayloadAction<string>) {
  yield put(musicBoxActions.highlightStarted(action.payload));
  yield delay(SUGGESTION_HIGHLIGHT_MS);
  yield put(musicBoxActions.highlightEnded(action.payload));
}

export function* musicBoxSaga() {
  // takeLatest: a newer reveal restarts the 2 s of the highlight
  yield takeLatest(musicBoxActions.suggestionRevealed.type, highlightSuggestion);
}
