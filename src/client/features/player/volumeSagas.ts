import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select } from 'redux-saga/effects';
import { playerActions, type PlayerState } from '../../shared/player';
import { selectPlayerState, setEngineMuted, setEngineVolume } from './playbackSagas';

/** docs/product.md §5 and §9: volume clamped to 0..1; raising it above 0 unmutes. */
export function clampVolume(volume: number): number {
  if (!Number.isFinite(volume)) return 1;
  return Math.min(1, Math.max(0, volume));
}

export function* onVolume(action: PayloadAction<{ volume: number }>): SagaIterator {
  const player: PlayerState = yield select(selectPlayerState);
  const volume = clampVolume(action.payload.volume);
  yield call(setEngineVolume, volume);
  if (player.isMuted && volume > 0) yield call(setEngineMuted, false);
  yield put(playerActions.volumeChanged({ volume, muted: player.isMuted && volume === 0 }));
}

export function* onMuteToggle(): SagaIterator {
  const player: PlayerState = yield select(selectPlayerState);
  yield call(setEngineMuted, !player.isMuted);
  yield put(playerActions.volumeChanged({ volume: player.volume, muted: !player.isMuted }));
}
