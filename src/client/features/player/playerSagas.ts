import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, fork, put, select, takeEvery } from 'redux-saga/effects';
import { playerActions, type PlayerState } from '../../shared/player';
import { watchAudioEvents } from './audioEventsSaga';
import { watchBookmarks } from './bookmarkSagas';
import { watchEngineAdvanced } from './handoverSaga';
import { nextTrackSaga } from './nextTrackSaga';
import { playerPersistenceSaga } from './persistenceSagas';
import { pause, resume, seekEngine, selectPlayerState, syncEngine } from './playbackSagas';
import { prepareSaga } from './prepareSaga';
import { watchTrackCommands } from './trackCommandSagas';
import { watchGainSettings } from './trackGain';
import { onMuteToggle, onVolume } from './volumeSagas';

function* onPlayPause(): SagaIterator {
  const player: PlayerState = yield select(selectPlayerState);
  if (!player.currentTrack) return;
  if (player.isPlaying) yield* pause();
  else yield* resume();
}

function* onSeek(action: PayloadAction<{ seconds: number }>): SagaIterator {
  const player: PlayerState = yield select(selectPlayerState);
  const { seconds } = action.payload;
  // docs/product.md §5: ignored unless between 0 and the duration; docs/product.md §4: disabled in radio mode
  if (player.source.kind === 'radio' || !player.currentTrack || !Number.isFinite(seconds) || seconds < 0 || seconds > player.duration) return;
  // a restored track is loaded at this position by Play
  if (!player.needsLoad) yield call(seekEngine, seconds);
  yield put(playerActions.timeUpdated({ currentTime: seconds }));
}

function* onRadioSync(action: PayloadAction<{ offsetSeconds: number }>): SagaIterator {
  const player: PlayerState = yield select(selectPlayerState);
  if (player.source.kind !== 'radio' || player.isLoading) return;
  const { offsetSeconds } = action.payload;
  if (!Number.isFinite(offsetSeconds) || offsetSeconds < 0 || (player.duration > 0 && offsetSeconds > player.duration)) return;
  yield call(seekEngine, offsetSeconds);
}

function* onUserInteracted(): SagaIterator {
  const player: PlayerState = yield select(selectPlayerState);
  if (player.requiresInteraction) yield* resume();
}

export function* playerSaga(): SagaIterator {
  yield fork(syncEngine);
  yield fork(watchAudioEvents);
  yield fork(watchTrackCommands);
  yield fork(playerPersistenceSaga);
  yield fork(nextTrackSaga);
  yield fork(watchEngineAdvanced);
  yield fork(prepareSaga);
  yield fork(watchGainSettings);
  yield fork(watchBookmarks);
  yield takeEvery(playerActions.playPauseRequested.type, onPlayPause);
  yield takeEvery(playerActions.pauseRequested.type, pause);
  yield takeEvery(playerActions.resumeRequested.type, resume);
  yield takeEvery(playerActions.seekRequested.type, onSeek);
  yield takeEvery(playerActions.radioSyncRequested.type, onRadioSync);
  yield takeEvery(playerActions.volumeChangeRequested.type, onVolume);
  yield takeEvery(playerActions.muteToggleRequested.type, onMuteToggle);
  yield takeEvery(playerActions.userInteracted.type, onUserInteracted);
}
