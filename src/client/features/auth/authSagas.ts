import { put } from 'redux-saga/effects';
import { authActions } from './authSlice';

// The bootstrap, login, registration, logout and refresh sagas are built with the accounts issue.
export function* authSaga() {
  yield put(authActions.bootstrapFinishedSignedOut());
}
