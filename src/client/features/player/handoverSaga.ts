import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select, takeEvery } from 'redux-saga/effects';
import { playerActions, QUEUE_SOURCE, type PlayerState } from '../../shared/player';
import type { Services } from '../../services';
import { selectPlayerState } from './playbackSagas';
import { applyTrackGain } from './trackGain';

/**
 * The engine started the queued track it was given (gapless or crossfaded): the player moves on
 * exactly as Next would, the play counted once, without loading anything (docs/product.md §2.14).
 * In radio mode the radio feature takes the event.
 */
function* onEngineAdvanced({ payload: { key, duration } }: PayloadAction<{ key: string; duration: number }>): SagaIterator {
  const player: PlayerState = yield select(selectPlayerState);
  const next = player.queue[0];
  if (player.source.kind !== 'queue' || !next || next.id !== key) return;
  const { audio }: Services = yield getContext('services');
  // the engine took the plan (and plays it at its gain): the reducer noted it as started
  const plan = player.engine.started?.key === key ? player.engine.started : null;
  const track = next.url || !plan ? next : { ...next, url: plan.url };
  yield put(playerActions.advanced());
  yield put(playerActions.trackReady({ track, playing: true, source: QUEUE_SOURCE }));
  yield put(playerActions.durationKnown({ duration }));
  const position: number = yield call([audio, audio.currentTime]);
  yield put(playerActions.timeUpdated({ currentTime: position }));
  yield put(playerActions.trackStarted({ track, source: 'player' }));
  yield call(applyTrackGain, track);
}

export function* watchEngineAdvanced(): SagaIterator {
  yield takeEvery(playerActions.engineAdvanced.type, onEngineAdvanced);
}
