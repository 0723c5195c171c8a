import type { Action, PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, delay, race, select, take, takeEvery } from 'redux-saga/effects';
import { playerActions, type PlayerState, type PlayerTrack } from '../../shared/player';
import { cancelPrepareOnEngine, prepareOnEngine, selectPlayerState } from './playbackSagas';

/** How long a prepared track outlives its intent: a click that follows the pointer leaving still finds it. */
export const PREPARE_GRACE_MS = 300;

type Intent = PayloadAction<{ track: PlayerTrack }>;

/** The action plays `track`, or shows the intent to again: the prepared request stays. */
function keepsPrepared(track: PlayerTrack) {
  return (action: Action): boolean => {
    const { payload } = action as PayloadAction<{ track?: PlayerTrack; tracks?: PlayerTrack[]; startIndex?: number } | undefined>;
    if (playerActions.playRequested.match(action) || playerActions.togglePlayRequested.match(action) || playerActions.prepareRequested.match(action))
      return payload?.track?.id === track.id;
    if (playerActions.playAllRequested.match(action)) return payload?.tracks?.[payload.startIndex ?? 0]?.id === track.id;
    return false;
  };
}

/**
 * docs/product.md §2.14 "Sound on the first click": a pointer over or focus on a Play control starts
 * fetching its track, and the intent going away cancels that after a short grace. Preparing never
 * counts a play: only the engine hears of it.
 */
export function* prepareSaga(): SagaIterator {
  /** URLs this saga prepared and has not cancelled */
  const prepared = new Set<string>();

  function* onRequested({ payload: { track } }: Intent): SagaIterator {
    const player: PlayerState = yield select(selectPlayerState);
    // the loaded current track needs nothing; a track without a URL has nothing to fetch yet
    if (!track.url || prepared.has(track.url) || (player.currentTrack?.id === track.id && !player.needsLoad)) return;
    prepared.add(track.url);
    yield call(prepareOnEngine, track.url);
  }

  function* onCancelled({ payload: { track } }: Intent): SagaIterator {
    if (!prepared.has(track.url)) return;
    const { kept }: { kept?: Action } = yield race({ kept: take(keepsPrepared(track)), elapsed: delay(PREPARE_GRACE_MS) });
    if ((kept && playerActions.prepareRequested.match(kept)) || !prepared.has(track.url)) return;
    prepared.delete(track.url);
    // a play took it over (now or during the grace): the load owns that request
    const player: PlayerState = yield select(selectPlayerState);
    if (kept || (player.currentTrack?.id === track.id && !player.needsLoad)) return;
    yield call(cancelPrepareOnEngine, track.url);
  }

  yield takeEvery(playerActions.prepareRequested.type, onRequested);
  yield takeEvery(playerActions.prepareCancelled.type, onCancelled);
}
