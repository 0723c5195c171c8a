import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery } from 'redux-saga/effects';
import { playerActions, type PlayerState } from '../../shared/player';
import { selectPlayerState } from './playbackSagas';
import { applyTrackGain } from './trackGain';

/**
 * The engine started the queued track it was given (gapless or crossfaded): the engineAdvanced
 * reducer made it current exactly as Next would, without a load; here its play is counted, once,
 * and its gain checked against its new neighbours (docs/product.md §2.14).
 */
function* onEngineAdvanced({ payload: { key } }: PayloadAction<{ key: string; duration: number }>): SagaIterator {
  const { engine, currentTrack }: PlayerState = yield select(selectPlayerState);
  if (engine.started?.plan.key !== key || engine.started.source.kind !== 'queue' || !currentTrack) return;
  yield put(playerActions.trackStarted({ track: currentTrack, source: 'player' }));
  yield call(applyTrackGain, currentTrack);
}

export function* watchEngineAdvanced(): SagaIterator {
  yield takeEvery(playerActions.engineAdvanced.type, onEngineAdvanced);
}
