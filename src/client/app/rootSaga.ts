import type { SagaIterator } from 'redux-saga';
import { all, call, fork } from 'redux-saga/effects';
import { authSaga } from '../features/auth/authSagas';
import { musicBoxSaga } from '../features/musicBox/musicBoxSagas';
import { playerSaga } from '../features/player/playerSagas';
import { settingsSaga } from '../features/settings/settingsSagas';

/**
 * The radio's sagas (its socket, radio mode, the station's next track) are a chunk of their own,
 * fetched as the app starts: the sign-in page never needs them, and its JavaScript stays within
 * the 150 KB budget (docs/benchmarks.md). Its slice is in the store from the start.
 */
function* radioSagaChunk(): SagaIterator {
  const { radioSaga }: typeof import('../features/radio/radioSagas') = yield call(
    () => import(/* webpackChunkName: "radio-sagas" */ '../features/radio/radioSagas'),
  );
  yield call(radioSaga);
}

/**
 * Play counting and scrobbling (and the plays and listens kept offline) likewise: both need a
 * signed-in user, so never the sign-in page.
 */
function* listeningSagaChunk(): SagaIterator {
  const { listeningSagas }: typeof import('./listeningSagas') = yield call(() => import(/* webpackChunkName: "listening-sagas" */ './listeningSagas'));
  yield call(listeningSagas);
}

export function* rootSaga() {
  yield all([fork(authSaga), fork(playerSaga), fork(radioSagaChunk), fork(musicBoxSaga), fork(settingsSaga), fork(listeningSagaChunk)]);
}
