import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { delay, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { SUGGESTION_HIGHLIGHT_MS } from '../../../contract/limits';
import type { SuggestionVote, SuggestionVotesMessage } from '../../../contract/musicbox';
import { liveMessageReceived } from '../../shared/live';
import { musicBoxApi } from './musicBoxApi';
import { musicBoxActions } from './musicBoxSlice';

/** docs/product.md §8 "Duplicate suggestion": the revealed original stays highlighted for 2 s. */
export function* highlightSuggestion(action: PayloadAction<string>) {
  yield put(musicBoxActions.highlightStarted(action.payload));
  yield delay(SUGGESTION_HIGHLIGHT_MS);
  yield put(musicBoxActions.highlightEnded(action.payload));
}

/** The vote counts of a SUGGESTION_VOTES message; null for any other message or a malformed one. */
export function suggestionVotes(raw: string): SuggestionVote[] | null {
  let message: Partial<SuggestionVotesMessage> | null;
  try {
    message = JSON.parse(raw) as Partial<SuggestionVotesMessage> | null;
  } catch {
    return null;
  }
  const votes: unknown = message?.type === 'SUGGESTION_VOTES' ? message.data?.votes : null;
  if (!Array.isArray(votes)) return null;
  return votes.filter((v): v is SuggestionVote => typeof v?.id === 'string' && Number.isInteger(v?.voteCount) && v.voteCount >= 0);
}

/** Others' votes, live: the counts change in every cached list (the order stays until the next fetch). */
export function* applyLiveVotes(action: PayloadAction<string>): SagaIterator {
  const votes = suggestionVotes(action.payload);
  if (!votes?.length) return;
  const counts = new Map(votes.map((v) => [v.id, v.voteCount]));
  const cached: ReturnType<typeof musicBoxApi.util.selectCachedArgsForQuery<'getSuggestions'>> = yield select((state) =>
    musicBoxApi.util.selectCachedArgsForQuery(state, 'getSuggestions'),
  );
  for (const args of cached)
    yield put(
      musicBoxApi.util.updateQueryData('getSuggestions', args, (draft) => {
        for (const page of draft.pages) for (const s of page.suggestions) s.voteCount = counts.get(s.id) ?? s.voteCount;
      }) as never,
    );
  yield put(musicBoxActions.votesChanged(votes));
}

export function* musicBoxSaga() {
  // takeLatest: a newer reveal restarts the 2 s of the highlight
  yield takeLatest(musicBoxActions.suggestionRevealed.type, highlightSuggestion);
  yield takeEvery(liveMessageReceived.type, applyLiveVotes);
}
