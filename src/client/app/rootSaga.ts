import { all, fork } from 'redux-saga/effects';
import { authSaga } from '../features/auth/authSagas';
import { musicBoxSaga } from '../features/musicBox/musicBoxSagas';
import { playerSaga } from '../features/player/playerSagas';
import { radioSaga } from '../features/radio/radioSagas';
import { settingsSaga } from '../features/settings/settingsSagas';
import { statsSaga } from '../features/stats/statsSagas';

export function* rootSaga() {
  yield all([fork(authSaga), fork(playerSaga), fork(radioSaga), fork(musicBoxSaga), fork(settingsSaga), fork(statsSaga)]);
}
