import type { PayloadAction } from '@reduxjs/toolkit';
import type { EventChannel, SagaIterator } from 'redux-saga';
import { call, fork, getContext, putResolve, select, take, takeLeading } from 'redux-saga/effects';
import type { Services } from '../../services';
import { sendLate, serverAnswers, unanswered, type SendResult } from '../../shared/late';
import { playerActions, selectPlayer, type PlayerState, type PlayerTrack } from '../../shared/player';
import { authActions, type AuthState } from '../../shared/session';
import { selectPrivacy } from '../../shared/settings';
import { lateListens, type LateListen } from './lateListens';
import { isScrobblable, listeningStep, listenPoint } from './listenPoint';
import { scrobblingApi } from './scrobblingApi';

/** The track being listened to: how much of it has really played, and whether its listen went. */
interface Listening {
  track: PlayerTrack;
  startedAt: string;
  listenedS: number;
  lastTime: number | null;
  sent: boolean;
}

const signedInUser = (state: { auth?: AuthState }) => state.auth?.user ?? null;

function* send(endpoint: 'nowPlaying' | 'listened', body: { songId: string; startedAt?: string }): SagaIterator<SendResult> {
  // track: false keeps no mutation entry in the store per report
  const result: SendResult = yield putResolve(scrobblingApi.endpoints[endpoint].initiate(body as never, { track: false }) as never);
  return result;
}

/**
 * A report to the server; "Record my listening history" off sends nothing. A failure with an answer
 * is dropped: it never gets in the way of playback. A listen that got no answer (offline,
 * docs/product.md §2.17) is kept with its start and sent when the server answers; now playing is not.
 */
export function* report(endpoint: 'nowPlaying' | 'listened', body: { songId: string; startedAt?: string }): SagaIterator {
  const privacy: ReturnType<typeof selectPrivacy> = yield select(selectPrivacy);
  if (!privacy.recordListeningHistory) return;
  const result: SendResult = yield call(send, endpoint, body);
  if (endpoint !== 'listened' || !body.startedAt || !((yield call(unanswered, result)) as boolean)) return;
  const user: AuthState['user'] = yield select(signedInUser);
  if (user) lateListens.add({ userId: user.id, songId: body.songId, startedAt: body.startedAt });
}

/** Sends the signed-in user's kept listens, oldest first, until one gets no answer (still offline). */
export function* sendLateListens(): SagaIterator {
  const user: AuthState['user'] = yield select(signedInUser);
  yield call(sendLate<LateListen>, lateListens, user?.id ?? null, ({ songId, startedAt }: LateListen) => send('listened', { songId, startedAt }));
}

function* listenedIfDue(listening: Listening, ended: boolean): SagaIterator {
  const duration = listening.track.duration;
  if (listening.sent || !isScrobblable(duration)) return;
  if (!ended && listening.listenedS < listenPoint(duration)) return;
  listening.sent = true;
  yield fork(report, 'listened', { songId: listening.track.id, startedAt: listening.startedAt });
}

const WATCHED = [playerActions.trackStarted.type, playerActions.timeUpdated.type, playerActions.trackEnded.type, playerActions.engineAdvanced.type];

/**
 * docs/product.md §5.10: now playing when a track starts (trackStarted: a new track outside radio
 * mode), then one listen at its scrobble point of real listening (paused time and seeks add
 * nothing) or at its end. The radio's listens are the server's (modules/scrobble).
 */
export function* scrobblingSaga(): SagaIterator {
  const { reachability }: Services = yield getContext('services');
  const answers: EventChannel<true> = yield call(serverAnswers, reachability);
  yield takeLeading(answers, sendLateListens);
  yield takeLeading(authActions.authenticated.type, sendLateListens);
  yield fork(sendLateListens);
  let listening: Listening | null = null;
  for (;;) {
    const action: PayloadAction<unknown> = yield take(WATCHED);
    if (playerActions.trackStarted.match(action)) {
      listening = { track: action.payload.track, startedAt: new Date().toISOString(), listenedS: 0, lastTime: null, sent: false };
      yield fork(report, 'nowPlaying', { songId: action.payload.track.id });
      continue;
    }
    if (!listening) continue;
    if (playerActions.engineAdvanced.match(action)) {
      // the engine went on to the next track: this one played to its end
      yield call(listenedIfDue, listening, true);
      listening = null;
      continue;
    }
    const player: PlayerState = yield select(selectPlayer);
    if (player.source.kind === 'radio' || player.currentTrack?.id !== listening.track.id) {
      // the radio took over, or another track is current without a start of its own
      listening = null;
      continue;
    }
    if (playerActions.timeUpdated.match(action)) {
      listening.listenedS += listeningStep(listening.lastTime, action.payload.currentTime);
      listening.lastTime = action.payload.currentTime;
      yield call(listenedIfDue, listening, false);
    } else {
      yield call(listenedIfDue, listening, true);
    }
  }
}
