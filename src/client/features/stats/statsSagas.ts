import type { PayloadAction } from '@reduxjs/toolkit';
import { eventChannel, type EventChannel } from 'redux-saga';
import { call, getContext, putResolve, select, takeEvery, takeLeading } from 'redux-saga/effects';
import type { Services } from '../../services';
import type { ServerReachability } from '../../services/serverReachability';
import { playerActions, type PlayerTrack, type PlaySource } from '../../shared/player';
import { authActions, type AuthState } from '../../shared/session';
import { selectPrivacy } from '../../shared/settings';
import { readLatePlays, writeLatePlays, type LatePlay } from './latePlays';
import { statsApi } from './statsApi';

type PlayResult = { error?: unknown };

const signedInUser = (state: { auth?: AuthState }) => state.auth?.user ?? null;

/** The count got no answer at all (the transport marks the server unreachable then): keep it for later. */
function* unanswered(result: PlayResult) {
  const { reachability }: Services = yield getContext('services');
  return result.error !== undefined && !reachability.get();
}

function* sendPlay(play: { songId: string; source: string; playedAt?: string }) {
  // track: false keeps no mutation entry in the store per play; the tags it invalidates still refresh the lists
  const result: PlayResult = yield putResolve(statsApi.endpoints.incrementPlay.initiate(play, { track: false }) as never);
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
  const result: PlayResult = yield call(sendPlay, { songId: track.id, source });
  if (!((yield call(unanswered, result)) as boolean)) return;
  const user: AuthState['user'] = yield select(signedInUser);
  if (user) writeLatePlays([...readLatePlays(), { userId: user.id, songId: track.id, source, playedAt }]);
}

/** Sends the signed-in user's kept plays, oldest first, until one gets no answer (still offline). */
export function* sendLatePlays() {
  const user: AuthState['user'] = yield select(signedInUser);
  const waiting = user ? readLatePlays().filter((p) => p.userId === user.id) : [];
  let sent = 0;
  for (const { songId, source, playedAt } of waiting) {
    const result: PlayResult = yield call(sendPlay, { songId, source, playedAt });
    if ((yield call(unanswered, result)) as boolean) break;
    sent += 1; // counted, a repeat, or refused for good (too old, the song gone): not sent again
  }
  if (sent === 0) return;
  const sentPlays = waiting.slice(0, sent);
  // read again: a play may have been kept meanwhile
  writeLatePlays(readLatePlays().filter((p) => !sentPlays.some((w) => sameLatePlay(w, p))));
}

const sameLatePlay = (a: LatePlay, b: LatePlay) => a.userId === b.userId && a.songId === b.songId && a.playedAt === b.playedAt;

const serverAnswers = (reachability: ServerReachability): EventChannel<true> =>
  eventChannel((emit) =>
    reachability.subscribe(() => {
      if (reachability.get()) emit(true);
    }),
  );

export function* statsSaga() {
  yield takeEvery(playerActions.trackStarted.type, countPlay);
  const { reachability }: Services = yield getContext('services');
  const answers: EventChannel<true> = yield call(serverAnswers, reachability);
  yield takeLeading(answers, sendLatePlays);
  yield takeLeading(authActions.authenticated.type, sendLatePlays);
  // this saga loads after the app starts: a user signed in by then has not been seen signing in
  yield call(sendLatePlays);
}
