import type { Action } from '@reduxjs/toolkit';
import { END, eventChannel, type EventChannel, type SagaIterator, type Task } from 'redux-saga';
import { call, cancel, fork, getContext, put, putResolve, race, select, take, takeEvery } from 'redux-saga/effects';
import { MESSAGES } from '../../../contract/messages';
import type { RadioQueueTrack, RadioServerMessage } from '../../../contract/radio';
import { RADIO_DRIFT_TOLERANCE_SECONDS, RADIO_WS_PATH } from '../../../contract/radioConstants';
import type { Services } from '../../services';
import { toastShown } from '../../ui/toast/toastSlice';
import { liveMessageReceived } from '../../shared/live';
import { authActions, selectIsAdmin } from '../../shared/session';
import { playerActions, selectPlayer, type PlayerState, type PlayerTrack } from '../../shared/player';
import { reconnectDelay } from './backoff';
import { estimateClockOffset, livePosition } from './livePosition';
import { radioApi } from './radioApi';
import { radioActions, selectRadio, type RadioState } from './radioSlice';

/** How often radio mode compares what plays with the live position. */
export const DRIFT_CHECK_MS = 2_000;
const CLOCK_SAMPLES = 8;

/** A timer the tests can replace (provide matchers.call.fn(wait)). */
export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export type SocketEvent = { kind: 'open' } | { kind: 'message'; data: string; receivedAt: number } | { kind: 'error' } | { kind: 'close'; code: number };

/** The websocket URL for a token: same origin as the API (docs/product.md §7), ws:// or wss:// after the page's scheme. */
export function radioSocketUrl(apiOrigin: string, token: string): string {
  const origin = apiOrigin || (typeof window !== 'undefined' ? window.location.origin : 'http://localhost');
  const url = new URL(`${RADIO_WS_PATH}?token=${encodeURIComponent(token)}`, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** The socket's events as a channel; unsubscribing (channel.close()) closes the socket. */
export function socketChannel(socket: WebSocket, now: () => number): EventChannel<SocketEvent> {
  return eventChannel<SocketEvent>((emit) => {
    socket.onopen = () => emit({ kind: 'open' });
    socket.onmessage = (event: MessageEvent) => emit({ kind: 'message', data: String(event.data), receivedAt: now() });
    socket.onerror = () => emit({ kind: 'error' });
    socket.onclose = (event: CloseEvent) => {
      emit({ kind: 'close', code: event.code });
      emit(END);
    };
    return () => {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.onclose = null;
      if (socket.readyState === 0 || socket.readyState === 1) socket.close(1000);
    };
  });
}

const KNOWN = new Set<RadioServerMessage['type']>(['QUEUE_UPDATE', 'TRACK_CHANGE', 'LISTENERS_UPDATE', 'RADIO_STATUS_CHANGE', 'ERROR']);

/** A server message, null for a type this client does not know (ignored), or 'invalid' when it cannot be read. */
export function parseServerMessage(data: string): RadioServerMessage | null | 'invalid' {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return 'invalid';
  }
  if (!parsed || typeof parsed !== 'object' || typeof (parsed as { type?: unknown }).type !== 'string') return 'invalid';
  const message = parsed as RadioServerMessage;
  if (!KNOWN.has(message.type)) return null;
  if (!message.data || typeof message.data !== 'object') return 'invalid';
  return message;
}

/** The action each known message becomes. */
export function messageToAction(message: RadioServerMessage): Action {
  switch (message.type) {
    case 'QUEUE_UPDATE':
      return radioActions.stateReceived(message.data);
    case 'TRACK_CHANGE':
      return radioActions.trackChanged(message.data);
    case 'RADIO_STATUS_CHANGE':
      return radioActions.statusChanged(message.data);
    case 'LISTENERS_UPDATE':
      return radioActions.listenersUpdated(message.data.listeners);
    case 'ERROR':
      return radioActions.errorReceived(message.data.message);
  }
}

/**
 * One connection after another while signed in: the token is read fresh before each (a refreshed
 * one is used), no token means no connection, and a lost connection comes back after
 * reconnectDelay(attempt), the attempt count starting again after every successful open.
 */
export function* socketSaga() {
  const services: Services = yield getContext('services');
  let attempt = 0;
  const samples: number[] = [];
  for (;;) {
    const token: string | null = yield call([services.tokenStore, services.tokenStore.get]);
    if (!token) {
      yield put(radioActions.disconnected());
      return;
    }
    yield put(radioActions.connecting());
    let channel: EventChannel<SocketEvent> | null = null;
    try {
      const socket: WebSocket = yield call(services.openSocket, radioSocketUrl(services.apiOrigin, token));
      channel = yield call(socketChannel, socket, services.now);
    } catch {
      yield put(radioActions.errorReceived(MESSAGES.websocketConnectionFailed));
    }
    if (channel) {
      try {
        for (;;) {
          const event: SocketEvent | typeof END = yield take(channel);
          if (event === END || (event as SocketEvent).kind === 'close') break;
          const e = event as SocketEvent;
          if (e.kind === 'open') {
            attempt = 0;
            yield put(radioActions.connected());
          } else if (e.kind === 'error') {
            yield put(radioActions.errorReceived(MESSAGES.websocketConnectionFailed));
          } else if (e.kind === 'message') {
            const message = parseServerMessage(e.data);
            if (message === 'invalid') {
              yield put(radioActions.errorReceived(MESSAGES.failedToParseMessage));
              continue;
            }
            // docs/product.md §4: types the radio does not know are ignored here, handed on to other features
            if (!message) {
              yield put(liveMessageReceived(e.data));
              continue;
            }
            if ('serverTime' in message.data && typeof message.data.serverTime === 'number') {
              samples.push(message.data.serverTime - e.receivedAt);
              if (samples.length > CLOCK_SAMPLES) samples.shift();
              yield put(radioActions.clockSynced(estimateClockOffset(samples)));
            }
            yield put(messageToAction(message));
          }
        }
      } finally {
        channel.close();
      }
    }
    yield put(radioActions.disconnected());
    const ms: number = yield call(reconnectDelay, attempt, Math.random);
    attempt += 1;
    yield call(wait, ms);
  }
}

/** What radio mode plays, as the player takes it. */
export function toRadioPlayerTrack(track: RadioQueueTrack): PlayerTrack {
  return { id: track.songId, title: track.title, artist: track.artist, url: track.url, duration: track.duration };
}

function* currentLivePosition(radio: RadioState) {
  const services: Services = yield getContext('services');
  const localNow: number = yield call(services.now);
  return livePosition({ startedAt: radio.startedAt ?? 0, clockOffsetMs: radio.clockOffsetMs, localNow, duration: radio.currentTrack?.duration ?? 0 });
}

/** In radio mode: when what plays is more than a second from the live position, seek to it. */
export function* driftSaga() {
  const services: Services = yield getContext('services');
  for (;;) {
    yield call(wait, DRIFT_CHECK_MS);
    const player: PlayerState = yield select(selectPlayer);
    const radio: RadioState = yield select(selectRadio);
    if (!player.isRadioMode || !player.isPlaying || player.isLoading || radio.startedAt === null || !radio.currentTrack) continue;
    const live: number = yield call(currentLivePosition, radio);
    const actual: number = yield call([services.audio, services.audio.currentTime]);
    if (Math.abs(live - actual) > RADIO_DRIFT_TOLERANCE_SECONDS) yield put(playerActions.radioSyncRequested({ offsetSeconds: live }));
  }
}

const STATE_ACTIONS = [radioActions.stateReceived.type, radioActions.trackChanged.type, radioActions.statusChanged.type, radioActions.reset.type];
const OWN_PLAY_ACTIONS: string[] = [playerActions.playRequested.type, playerActions.playAllRequested.type, playerActions.togglePlayRequested.type];

/**
 * docs/product.md §4 "Playback": when the radio is active with a current track the player plays it in radio
 * mode from the live position; when it stops (or has nothing on), radio mode ends and playback
 * pauses. A user who then plays something else stays out until the radio starts again or they
 * choose Listen live.
 */
export function* radioModeSaga() {
  let playing: { itemId: string; startedAt: number } | null = null;
  let optedOut = false;
  let drift: Task | null = null;
  for (;;) {
    const action: Action = yield take([...STATE_ACTIONS, ...OWN_PLAY_ACTIONS, radioActions.listenRequested.type]);
    if (OWN_PLAY_ACTIONS.includes(action.type)) {
      if (playing) {
        optedOut = true;
        playing = null;
        if (drift) yield cancel(drift);
        drift = null;
      }
      continue;
    }
    if (action.type === radioActions.listenRequested.type) optedOut = false;
    if (radioActions.statusChanged.match(action) && action.payload.isRadioActive) optedOut = false;
    const radio: RadioState = yield select(selectRadio);
    const live = radio.isRadioActive && radio.currentTrack && radio.startedAt !== null;
    if (live && !optedOut) {
      const want = { itemId: radio.currentTrack!.id, startedAt: radio.startedAt! };
      if (!playing || playing.itemId !== want.itemId || playing.startedAt !== want.startedAt) {
        const offsetSeconds: number = yield call(currentLivePosition, radio);
        yield put(playerActions.radioPlayRequested({ track: toRadioPlayerTrack(radio.currentTrack!), offsetSeconds }));
        playing = want;
        if (!drift) drift = yield fork(driftSaga);
      }
    } else if (playing) {
      yield put(playerActions.radioStopped());
      playing = null;
      if (drift) yield cancel(drift);
      drift = null;
    }
    if (!radio.isRadioActive) optedOut = false;
  }
}

/** POST /api/radio/skip through the one HTTP path; answers whether it worked. */
export function* requestSkip(): SagaIterator<boolean> {
  const result: { error?: unknown } = yield putResolve(radioApi.endpoints.skipRadioTrack.initiate(undefined, { track: false }) as never);
  return !result.error;
}

/** Skips the radio's track. */
export function* skipSaga() {
  const ok: boolean = yield call(requestSkip);
  if (!ok) yield put(toastShown(MESSAGES.failedToSkipTrack, 'error'));
}

/** One skip path: the player's Next (player bar, media keys) is an admin's Skip in radio mode. */
export function* nextInRadioModeSaga() {
  const player: PlayerState = yield select(selectPlayer);
  const isAdmin: boolean = yield select(selectIsAdmin);
  if (player.isRadioMode && isAdmin) yield call(skipSaga);
}

const SIGN_OUT = [authActions.logoutRequested.type, authActions.signedOut.type, authActions.sessionExpired.type];

/** The socket runs from sign-in to sign-out. */
export function* sessionSocketSaga() {
  for (;;) {
    yield take(authActions.authenticated.type);
    const { signedOut } = yield race({ socket: call(socketSaga), signedOut: take(SIGN_OUT) });
    if (!signedOut) {
      // the socket gave up (no token): wait for sign-out before another sign-in can start it again
      yield take(SIGN_OUT);
    }
    yield put(radioActions.reset());
  }
}

export function* radioSaga() {
  yield takeEvery(playerActions.nextRequested.type, nextInRadioModeSaga);
  yield fork(radioModeSaga);
  yield fork(sessionSocketSaga);
}
