import type { SagaIterator } from 'redux-saga';
import { call, fork, put, putResolve, takeEvery } from 'redux-saga/effects';
import { MESSAGES } from '../../../contract/messages';
import { toastShown } from '../../ui/toast/toastSlice';
import { playerActions } from '../../shared/player';
import { radioApi } from './radioApi';
import { radioModeSaga } from './radioModeSagas';
import { sessionSocketSaga } from './socketSagas';

export { DRIFT_CHECK_MS, driftSaga, radioModeSaga } from './radioModeSagas';
export { toRadioPlayerTrack } from './radioNextPlan';
export { messageToAction, parseServerMessage, radioSocketUrl, sessionSocketSaga, socketChannel, socketSaga } from './socketSagas';
export type { SocketEvent } from './socketSagas';

/** POST /api/radio/skip through the one HTTP path; answers whether it worked. */
export function* requestSkip(): SagaIterator<boolean> {
  const result: { error?: unknown } = yield putResolve(radioApi.endpoints.skipRadioTrack.initiate(undefined, { track: false }) as never);
  return !result.error;
}

/** Skips the radio's track: the one caller of the skip mutation, and the one place its failure is told. */
export function* skipSaga() {
  const ok: boolean = yield call(requestSkip);
  if (!ok) yield put(toastShown(MESSAGES.failedToSkipTrack, 'error'));
}

export function* radioSaga() {
  yield takeEvery(playerActions.stationSkipRequested.type, skipSaga);
  yield fork(radioModeSaga);
  yield fork(sessionSocketSaga);
}
