import type { PayloadAction } from '@reduxjs/toolkit';
import { putResolve, select, takeEvery } from 'redux-saga/effects';
import { playerActions, type PlayerTrack, type PlaySource } from '../../shared/player';
import { selectPrivacy } from '../../shared/settings';
import { statsApi } from './statsApi';

/**
 * docs/product.md §4: a play counts when a new track starts (the player says so with trackStarted, which it
 * does not send for the song already current, nor in radio mode). The server drops a repeat within
 * 30 s. A failed count is dropped too: statistics never get in the way of playback.
 * Privacy "record listening history" off: nothing is sent.
 */
export function* countPlay(action: PayloadAction<{ track: PlayerTrack; source: PlaySource }>) {
  const privacy: ReturnType<typeof selectPrivacy> = yield select(selectPrivacy);
  if (!privacy.recordListeningHistory) return;
  const { track, source } = action.payload;
  // track: false keeps no mutation entry in the store per play; the tags it invalidates still refresh the lists
  yield putResolve(statsApi.endpoints.incrementPlay.initiate({ songId: track.id, source }, { track: false }) as never);
}

export function* statsSaga() {
  yield takeEvery(playerActions.trackStarted.type, countPlay);
}
