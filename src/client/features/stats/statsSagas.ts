import type { PayloadAction } from '@reduxjs/toolkit';
import type { EventChannel, SagaIterator } from 'redux-saga';
import { call, getContext, putResolve, select, takeEvery, takeLeading } from 'redux-saga/effects';
import type { Services } from '../../services';
import { playerActions, type PlayerTrack, type PlaySource } from '../../shared/player';
import { authActions, type AuthState } from '../../shared/session';
import { sendLate, serverAnswers, unanswered, type SendResult } from '../../shared/late';
import { selectPrivacy } from '../../shared/settings';
import { latePlays, type LatePlay } from './latePlays';
import { statsApi } from './statsApi';

const signedInUser = (state: { auth?: AuthState }) => state.auth?.user ?? null;

function* sendPlay(play: { songId: string; source: string; playedAt?: string }): SagaIterator<SendResult> {
  // track: false keeps no mutation entry in the store per play; the tags it invalidates still refresh the lists
  const result: SendResult = yield putResolve(statsApi.endpoints.incrementPlay.initiate(play, { track: false }) as never);
  return result;
}

/**
 * docs/product.md §4: a play counts when a new track starts (the player says so with trackStarted, which it
 * does not send for the song already current, nor in radio mode). The server drops a repeat within
 * 30 s. A count that got an error answer is dropped: statistics never get in the way of playback.
 * One that got no answer (offline, §2.17) is kept with its time and sent when the server answers.
 * Privacy "record listening history" off: nothing is sent.
 */
export function* countPlay(action: PayloadAction<{ track: PlayerTrack; source: PlaySource }>) {
  const privacy: ReturnType<typeof selectPrivacy> = yield select(selectPrivacy);
  if (!privacy.recordListeningHistory) return;
  const { track, source } = action.payload;
  const playedAt = new Date().toISOString();
  const result: SendResult = yield call(sendPlay, { songId: track.id, source });
  if (!((yield call(unanswered, result)) as boolean)) return;
  const user: AuthState['user'] = yield select(signedInUser);
  if (user) latePlays.add({ userId: user.id, songId: track.id, source, playedAt });
}

/** Sends the signed-in user's kept plays, oldest first, until one gets no answer (still offline). */
export function* sendLatePlays(): SagaIterator {
  const user: AuthState['user'] = yield select(signedInUser);
  yield call(sendLate<LatePlay>, latePlays, user?.id ?? null, ({ songId, source, playedAt }: LatePlay) => sendPlay({ songId, source, playedAt }));
}

export function* statsSaga() {
  yield takeEvery(playerActions.trackStarted.type, countPlay);
  const { reachability }: Services = yield getContext('services');
  const answers: EventChannel<true> = yield call(serverAnswers, reachability);
  yield takeLeading(answers, sendLatePlays);
  yield takeLeading(authActions.authenticated.type, sendLatePlays);
  // this saga loads after the app starts: a user signed in by then has not been seen signing in
  yield call(sendLatePlays);
}
