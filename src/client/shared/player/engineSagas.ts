import type { SagaIterator } from 'redux-saga';
import { call, getContext, put } from 'redux-saga/effects';
import type { Services } from '../../services';
import type { PlannedNext } from './engineState';
import { playerActions } from './playerSlice';

/**
 * Tells the engine its next track (null: none) and notes it in the store: the queue's and the
 * radio's plans share the engine's one next slot, so both go through here and compare with
 * `player.engine.next` first; what it holds lets the engineAdvanced reducer make the track current.
 */
export function* setEngineNext(next: PlannedNext | null): SagaIterator {
  const { audio }: Services = yield getContext('services');
  yield call([audio, audio.setNext], next?.plan ?? null);
  yield put(playerActions.engineNextSet(next));
}

/** Tells the engine the current track's gain and notes it in the store. */
export function* setEngineGain(gain: number): SagaIterator {
  const { audio }: Services = yield getContext('services');
  yield call([audio, audio.setTrackGain], gain);
  yield put(playerActions.engineGainSet(gain));
}
