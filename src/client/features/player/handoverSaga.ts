import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select, takeEvery } from 'redux-saga/effects';
import { playerActions, type PlayerState } from '../../shared/player';
import type { Services } from '../../services';
import { engineMemory } from './engineMemory';
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
  if (player.isRadioMode || !next || next.id !== key) return;
  const { audio }: Services = yield getContext('services');
  const memory = engineMemory(audio);
  const plan = memory.next?.key === key ? memory.next : null;
  memory.next = null;
  // the engine plays it at the plan's gain
  if (plan) memory.gain = plan.gain;
  const track = next.url || !plan ? next : { ...next, url: plan.url };
  yield put(playerActions.advanced());
  yield put(playerActions.trackReady({ track, playing: true, radio: false }));
  yield put(playerActions.durationKnown({ duration }));
  const position: number = yield call([audio, audio.currentTime]);
  yield put(playerActions.timeUpdated({ currentTime: position }));
  yield put(playerActions.trackStarted({ track, source: 'player' }));
  yield call(applyTrackGain, track);
}

export function* watchEngineAdvanced(): SagaIterator {
  yield takeEvery(playerActions.engineAdvanced.type, onEngineAdvanced);
}
