import type { SagaIterator } from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { scrobblingSaga } from '../features/scrobbling/scrobblingSagas';
import { statsSaga } from '../features/stats/statsSagas';

/** What follows the user's listening: play counts and scrobbles, each with what it kept offline. */
export function* listeningSagas(): SagaIterator {
  yield all([fork(statsSaga), fork(scrobblingSaga)]);
}
