import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select } from 'redux-saga/effects';
import { playerActions, type PlayerState } from '../../shared/player';
import type { Services } from '../../services';

const selectPlayerState = (state: { player: PlayerState }) => state.player;

/** docs/product.md §5 and §9: volume clamped to 0..1; raising it above 0 unmutes. */
export function clampVolume(volume: number): number {
  if (!Number.isFinite(volume)) return 1;
  return Math.min(1, Math.max(0, volume));
}

export function* onVolume(action: PayloadAction<{ volume: number }>): SagaIterator {
  const { audio }: Services = yield getContext('services');
  const player: PlayerState = yield select(selectPlayerState);
  const volume = clampVolume(action.payload.volume);
  yield call([audio, audio.setVolume], volume);
  if (player.isMuted && volume > 0) yield call([audio, audio.setMuted], false);
  yield put(playerActions.volumeChanged({ volume, muted: player.isMuted && volume === 0 }));
}

export function* onMuteToggle(): SagaIterator {
  const { audio }: Services = yield getContext('services');
  const player: PlayerState = yield select(selectPlayerState);
  yield call([audio, audio.setMuted], !player.isMuted);
  yield put(playerActions.volumeChanged({ volume: player.volume, muted: !player.isMuted }));
}
